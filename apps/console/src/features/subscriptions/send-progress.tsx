import type { NotificationProgress } from '@hiwar/contracts';
import { Badge, Card, Group, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime, useFormatNumber } from '../../lib/format-number.ts';
import { localizeSubscriptionMessage } from './subscription-messages.ts';
import type { SubscriptionBrowse } from './subscriptions-api.ts';

type Failure = SubscriptionBrowse['failures'][number];

const percentOf = (part: number, total: number) => (total > 0 ? (part / total) * 100 : 0);

function useFormatDate() {
  const { i18n } = useTranslation();
  return (at: string) => formatDateTime(at, i18n.language);
}

/** One send: a bar of sent (and failed) against the total, and "sent X of Y, failed Z, pending P". */
export function SendProgressCard({ progress }: { progress: NotificationProgress }) {
  const { t } = useTranslation();
  const formatNumber = useFormatNumber();
  const formatDate = useFormatDate();
  const isLive = progress.status === 'sending';
  return (
    <Card withBorder p="sm" data-testid={`send-${progress.notification_id}`}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm" fw={600} dir="auto" lineClamp={1}>
            {progress.title || t(`subscriptions.types.${progress.type}`)}
          </Text>
          <Group gap={6} wrap="nowrap">
            {progress.source === 'api' && (
              <Badge variant="outline" size="sm" tt="none">
                {t('subscriptions.progress.fromApi')}
              </Badge>
            )}
            <Badge color={isLive ? 'blue' : 'green'} size="sm" tt="none">
              {t(isLive ? 'subscriptions.progress.sending' : 'subscriptions.progress.done')}
            </Badge>
          </Group>
        </Group>
        <Progress.Root size="lg" aria-label={t('subscriptions.progress.label')}>
          <Progress.Section
            value={percentOf(progress.sent, progress.total)}
            color="green"
            animated={isLive}
            data-testid="progress-sent"
          />
          <Progress.Section
            value={percentOf(progress.failed, progress.total)}
            color="red"
            data-testid="progress-failed"
          />
        </Progress.Root>
        <Text size="xs" c="dimmed" data-testid="progress-text">
          {t('subscriptions.progress.counts', {
            sent: formatNumber(progress.sent),
            total: formatNumber(progress.total),
            failed: formatNumber(progress.failed),
            pending: formatNumber(progress.pending),
          })}
          {progress.skipped > 0 &&
            ` ${t('subscriptions.progress.skipped', { skipped: formatNumber(progress.skipped) })}`}
          {' · '}
          {formatDate(progress.finished_at ?? progress.created_at)}
        </Text>
      </Stack>
    </Card>
  );
}

function FailuresTable({ failures }: { failures: Failure[] }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table verticalSpacing="xs" data-testid="failures-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('subscriptions.failures.platform')}</Table.Th>
            <Table.Th>{t('subscriptions.failures.sender')}</Table.Th>
            <Table.Th>{t('subscriptions.failures.reason')}</Table.Th>
            <Table.Th>{t('subscriptions.failures.at')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {failures.map((failure, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: one sender may fail twice in the same second
            <Table.Tr key={`${failure.sender_id}-${failure.at}-${index}`}>
              <Table.Td>{failure.platform}</Table.Td>
              <Table.Td dir="ltr" ta="start">
                {failure.sender_id}
              </Table.Td>
              <Table.Td dir="auto" ta="start">
                {localizeSubscriptionMessage(t, failure.error)}
              </Table.Td>
              <Table.Td>{formatDate(failure.at)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The channel's sends: live ones first, then the last finished; then the last failures. */
export function SendProgressList({
  sends,
  failures,
}: {
  sends: NotificationProgress[];
  failures: Failure[];
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" data-testid="send-progress">
      <Title order={4} fz="sm">
        {t('subscriptions.progress.title')}
      </Title>
      {sends.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('subscriptions.progress.none')}
        </Text>
      ) : (
        sends.map((progress) => <SendProgressCard key={progress.notification_id} progress={progress} />)
      )}
      {failures.length > 0 && (
        <>
          <Title order={4} fz="sm">
            {t('subscriptions.failures.title')}
          </Title>
          <FailuresTable failures={failures} />
        </>
      )}
    </Stack>
  );
}
