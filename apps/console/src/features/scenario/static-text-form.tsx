import { MAX_RESPONSE_TEXT } from '@hiwar/contracts';
import { ActionIcon, Badge, Button, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import {
  commandResponseKey,
  saveCommandResponse,
  useCommandResponse,
} from '../../lib/command-response-api.ts';
import { useVariableNames } from '../variables/index.ts';
import {
  emptyQuickReply,
  quickReplyErrors,
  type StaticTextValues,
  staticTextRecord,
  staticTextValuesOf,
} from './static-text-values.ts';

/** The Static text tab of an existing command: the reply text with {{variable}} placeholders and quick replies. */
export function StaticTextForm({ commandId }: { commandId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const response = useCommandResponse(commandId);
  const form = useForm<StaticTextValues>({
    initialValues: staticTextValuesOf(undefined),
    validate: (values) => quickReplyErrors(values.resp_quick_reply, t('scenario.response.labelRequired')),
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: refill only when the stored response (re)loads.
  useEffect(() => {
    form.setValues(staticTextValuesOf(response.data));
    form.clearErrors();
  }, [response.data]);

  const mutation = useMutation({
    mutationFn: (values: StaticTextValues) =>
      saveCommandResponse(commandId, staticTextRecord(response.data, values)),
    onSuccess: () => {
      notifications.show({ color: 'green', message: t('messages.successfullyUpdated') });
      void queryClient.invalidateQueries({ queryKey: commandResponseKey(commandId) });
    },
    onError: () => notifications.show({ color: 'red', message: t('scenario.response.failed') }),
  });

  const variables = useVariableNames(commandId);
  const insertVariable = (name: string) =>
    form.setFieldValue(
      'resp_text',
      (text) => `${text}${text === '' || text.endsWith(' ') ? '' : ' '}{{${name}}}`,
    );
  const addReply = () => form.insertListItem('resp_quick_reply', emptyQuickReply());
  return (
    <form onSubmit={form.onSubmit((values) => mutation.mutate(values))} noValidate>
      <Stack gap="sm">
        <Textarea
          label={t('scenario.response.text')}
          description={t('scenario.response.textHint', { placeholder: '{{variable_name}}' })}
          autosize
          minRows={3}
          maxLength={MAX_RESPONSE_TEXT}
          {...form.getInputProps('resp_text')}
        />
        {(variables.data ?? []).length > 0 && (
          <Group gap={6}>
            <Text size="xs" c="dimmed">
              {t('scenario.response.insertVariable')}
            </Text>
            {(variables.data ?? []).map((variable) => (
              <Badge
                key={variable.var_id}
                component="button"
                type="button"
                variant="light"
                tt="none"
                style={{ cursor: 'pointer' }}
                onClick={() => insertVariable(variable.var_name)}
              >
                {`{{${variable.var_name}}}`}
              </Badge>
            ))}
          </Group>
        )}
        <Group justify="space-between">
          <Text size="sm" fw={500}>
            {t('scenario.response.quickReplies')}
          </Text>
          <Button size="xs" variant="subtle" leftSection={<IconPlus size={14} />} onClick={addReply}>
            {t('scenario.response.addQuickReply')}
          </Button>
        </Group>
        {form.values.resp_quick_reply.length === 0 && (
          <Text size="xs" c="dimmed">
            {t('scenario.response.noQuickReplies')}
          </Text>
        )}
        {form.values.resp_quick_reply.map((row, index) => (
          <Group key={row.key} gap="xs" align="flex-start" data-testid="quick-reply-row">
            <TextInput
              aria-label={t('scenario.response.replyLabel', { index: index + 1 })}
              placeholder={t('scenario.response.label')}
              style={{ flex: 1 }}
              {...form.getInputProps(`resp_quick_reply.${index}.label`)}
            />
            <TextInput
              aria-label={t('scenario.response.replyValue', { index: index + 1 })}
              placeholder={t('scenario.response.value')}
              style={{ flex: 1 }}
              {...form.getInputProps(`resp_quick_reply.${index}.value`)}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={t('scenario.response.removeQuickReply', { index: index + 1 })}
              onClick={() => form.removeListItem('resp_quick_reply', index)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
        <Group>
          <Button type="submit" loading={mutation.isPending} disabled={!response.isSuccess}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
