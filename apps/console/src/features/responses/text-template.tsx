import type { QuickReply } from '@hiwar/contracts';
import { ActionIcon, Button, Fieldset, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { usePlaceholderLists } from './builders/use-placeholder-lists.ts';
import { LocalizedTextInput } from './localized-text-input.tsx';
import type { StepProps } from './step-props.ts';

const emptyReply = (): QuickReply => ({ label: '', value: '', command_id: null });

/** The quick replies under the text: a label in each language and the value sent back. */
function QuickReplies({ record, onChange, errors }: StepProps) {
  const { t } = useTranslation();
  const replies = record.resp_quick_reply;
  const setReply = (index: number, reply: QuickReply) =>
    onChange({ resp_quick_reply: replies.map((old, at) => (at === index ? reply : old)) });
  return (
    <Fieldset legend={t('responses.template.quickReplies')}>
      <Stack gap="sm">
        {replies.length === 0 && (
          <Text size="xs" c="dimmed">
            {t('responses.template.noQuickReplies')}
          </Text>
        )}
        {replies.map((reply, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a reply has no id; its place is its identity
          <Group key={index} gap="xs" align="flex-start" wrap="nowrap" data-testid="quick-reply-row">
            <div style={{ flex: 1 }}>
              <LocalizedTextInput
                label={t('responses.template.replyLabel', { number: index + 1 })}
                value={reply.label}
                versions={reply.label_langs}
                maxLength={200}
                onChange={(label, versions) => setReply(index, { ...reply, label, label_langs: versions })}
                error={errors[`resp_quick_reply.${index}.label`]}
              />
            </div>
            <TextInput
              style={{ flex: 1 }}
              label={t('responses.template.replyValue', { number: index + 1 })}
              value={reply.value}
              maxLength={1000}
              onChange={(event) => setReply(index, { ...reply, value: event.currentTarget.value })}
            />
            <ActionIcon
              mt={24}
              variant="subtle"
              color="red"
              aria-label={t('responses.template.removeReply', { number: index + 1 })}
              onClick={() => onChange({ resp_quick_reply: replies.filter((_, at) => at !== index) })}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
        <Button
          size="xs"
          variant="light"
          w="fit-content"
          leftSection={<IconPlus size={14} />}
          onClick={() => onChange({ resp_quick_reply: [...replies, emptyReply()] })}
        >
          {t('responses.template.addReply')}
        </Button>
      </Stack>
    </Fieldset>
  );
}

/** The Static text tab: the answer's text in every language, with `{{variable}}` placeholders, and quick replies. */
export function TextTemplate(props: StepProps) {
  const { t } = useTranslation();
  const { record, onChange, errors } = props;
  const lists = usePlaceholderLists(props);
  return (
    <Stack gap="md">
      <LocalizedTextInput
        lists={lists}
        label={t('responses.template.text')}
        description={t('responses.template.textHint', { placeholder: '{{variable_name}}', token: '@v' })}
        value={record.resp_text}
        versions={record.resp_text_langs}
        onChange={(text, versions) => onChange({ resp_text: text, resp_text_langs: versions })}
        error={errors.resp_text}
        isMultiline
      />
      <QuickReplies {...props} />
    </Stack>
  );
}
