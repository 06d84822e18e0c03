import { Badge, Button, Card, Group, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { OwnText } from '../../components/own-text.tsx';
import { failureMessage } from '../../lib/form-errors.ts';
import { exampleDirection } from '../examples/text-direction.ts';
import { downloadServiceExamples, useServiceExamples } from './service-examples-api.ts';

/** The training examples of every command of the service, and a download of them as a JSON file. */
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
    </Card>
  );
}
