import type { NegativeExampleRecord } from '@hiwar/contracts';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Divider,
  Group,
  ScrollArea,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { OwnText } from '../../components/own-text.tsx';
import { failureMessage } from '../../lib/form-errors.ts';
import { exampleDirection } from '../examples/index.ts';
import {
  downloadServiceExamples,
  removeNegative,
  useServiceExamples,
  useServiceNegatives,
} from './service-examples-api.ts';

/** A message marked "not for this bot", in its own direction, with a button that removes it. */
function NegativeRow({ negative }: { negative: NegativeExampleRecord }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => removeNegative(negative.id),
    onSuccess: () => {
      notifications.show({ color: 'green', message: t('commands.negatives.removed') });
      return queryClient.invalidateQueries({ queryKey: ['examples', 'service', negative.service_id] });
    },
    onError: (error) =>
      notifications.show({ color: 'red', message: failureMessage(error, t, t('messages.serverError')) }),
  });
  return (
    <Group
      gap="xs"
      wrap="nowrap"
      dir={exampleDirection({ example_lang: negative.lang, example_text: negative.text })}
      data-testid="negative-example"
    >
      <Badge size="xs" variant="light" color="gray">
        {negative.lang}
      </Badge>
      <OwnText size="sm">{negative.text}</OwnText>
      <ActionIcon
        variant="subtle"
        color="red"
        size="sm"
        ms="auto"
        loading={remove.isPending}
        aria-label={t('commands.negatives.remove', { text: negative.text })}
        onClick={() => remove.mutate()}
      >
        <IconTrash size={14} />
      </ActionIcon>
    </Group>
  );
}

/**
 * The messages the owner marked "not for this bot" in conversations (issue #24) that this service's commands had
 * answered: the bot says it did not understand messages like them. Removing one lets the bot answer them again.
 */
function NegativeExamples({ serviceId }: { serviceId: number }) {
  const { t } = useTranslation();
  const negatives = useServiceNegatives(serviceId).data ?? [];
  return (
    <Stack gap={6} mt="sm" data-testid="negative-examples">
      <Divider label={t('commands.negatives.title')} labelPosition="left" />
      <Text size="xs" c="dimmed">
        {negatives.length === 0 ? t('commands.negatives.empty') : t('commands.negatives.hint')}
      </Text>
      {negatives.map((negative) => (
        <NegativeRow key={negative.id} negative={negative} />
      ))}
    </Stack>
  );
}

/**
 * The training examples of every command of the service, a download of them as a JSON file, and the service's
 * negative examples.
 */
export function ServiceExamplesCard({ serviceId }: { serviceId: number }) {
  const { t } = useTranslation();
  const examples = useServiceExamples(serviceId);
  const download = useMutation({
    mutationFn: () => downloadServiceExamples(serviceId),
    onError: (error) =>
      notifications.show({ color: 'red', message: failureMessage(error, t, t('messages.serverError')) }),
  });
  const list = examples.data ?? [];
  return (
    <Card shadow="xs" component="section" aria-label={t('commands.examples.title')}>
      <Group justify="space-between" mb="sm">
        <Title order={3} fz="h5">
          {t('commands.examples.title')}
        </Title>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconDownload size={16} />}
          loading={download.isPending}
          onClick={() => download.mutate()}
        >
          {t('commands.examples.download')}
        </Button>
      </Group>
      {list.length === 0 ? (
        <Text c="dimmed" size="sm" ta="center" py="sm">
          {t('services.noData')}
        </Text>
      ) : (
        <ScrollArea.Autosize mah={240} type="auto">
          <Stack gap={6} data-testid="service-examples">
            {list.map((example) => (
              // each row runs in its example's direction: an Arabic one starts at the right, in either console
              <Group
                key={example._id}
                gap="xs"
                wrap="nowrap"
                dir={exampleDirection(example)}
                data-testid="service-example"
              >
                <Badge size="xs" variant="light" color="gray">
                  {example.example_lang}
                </Badge>
                <OwnText size="sm">{example.example_text}</OwnText>
              </Group>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
      <NegativeExamples serviceId={serviceId} />
    </Card>
  );
}
