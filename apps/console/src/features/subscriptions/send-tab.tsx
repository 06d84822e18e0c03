import {
  type AudienceFilter as AudienceFilterValue,
  type NotificationPlatform,
  subscriptionMessages,
} from '@hiwar/contracts';
import { Alert, Button, Divider, Grid, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconSend } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { failureMessage } from '../../lib/form-errors.ts';
import { useFormatNumber } from '../../lib/format-number.ts';
import { AudienceCountLine, AudienceFilter, filterVariables } from './audience-filter.tsx';
import { NotificationFields } from './notification-fields.tsx';
import { NotificationPreview } from './notification-preview.tsx';
import {
  checkNotification,
  initialNotificationValues,
  type NotificationValues,
  platformOf,
} from './notification-values.ts';
import { SendProgressList } from './send-progress.tsx';
import { useSubscriptionContext } from './subscription-context.ts';
import { localizeSubscriptionMessage, subscriptionFieldErrors } from './subscription-messages.ts';
import { sendToSubscribers, useSubscriberCount, useSubscription } from './subscriptions-api.ts';
import { useNotificationProgress } from './use-notification-progress.ts';

/** How long the audience must stay unchanged before it is counted again. */
export const COUNT_DELAY_MS = 300;

interface Audience {
  filter: AudienceFilterValue;
  platform: NotificationPlatform | null;
}

/** The command whose variables filter the audience: `send/{command_id}` or `send?command_id=`. */
function useCommandId(): number | undefined {
  const { commandId } = useParams();
  const [search] = useSearchParams();
  const id = Number(commandId ?? search.get('command_id') ?? 0);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

/**
 * /subscription/{id}/send[/{command_id}] (spec part 2 §2): a notification, its audience with the live count,
 * Send, and the progress of the channel's sends as the event stream reports it.
 */
export function SendTab() {
  const { t } = useTranslation();
  const formatNumber = useFormatNumber();
  const { channelId } = useSubscriptionContext();
  const browse = useSubscription(channelId, useCommandId());
  const [selected, setSelected] = useState<Record<string, string[]>>({});
  const [sendError, setSendError] = useState<string | null>(null);
  const form = useForm<NotificationValues>({
    initialValues: initialNotificationValues,
    validate: (values) => checkNotification(values, t).errors,
  });
  const { sends, report } = useNotificationProgress(channelId, browse.data?.notifications_pending);

  const audience: Audience = {
    filter: Object.entries(selected)
      .filter(([, vals]) => vals.length > 0)
      .map(([sv_variable_name, vals]) => ({ sv_variable_name, vals })),
    platform: platformOf(form.values.platform),
  };
  // counted once the audience stays unchanged for a moment (compared as text: a new array each render)
  const [countedText] = useDebouncedValue(JSON.stringify(audience), COUNT_DELAY_MS);
  const counted = JSON.parse(countedText) as Audience;
  const count = useSubscriberCount(channelId, counted.filter, counted.platform);
  const isCounting = count.isFetching || countedText !== JSON.stringify(audience);
  const audienceSize = count.data?.count ?? 0;

  const mutation = useMutation({
    mutationFn: sendToSubscribers,
    onSuccess: (answer, request) => {
      setSendError(null);
      report({
        notification_id: answer.notification_id,
        channel_id: channelId,
        status: 'sending',
        total: answer.count,
        sent: 0,
        failed: 0,
        skipped: 0,
        pending: answer.count,
        type: request.data.type,
        title: request.data.title,
        source: 'console',
        created_at: new Date().toISOString(),
        finished_at: null,
      });
      notifications.show({
        color: 'blue',
        message: t('subscriptions.send.queued', { number: formatNumber(answer.count) }),
      });
    },
    onError: (error) => {
      const errors = subscriptionFieldErrors(error, t, 'sub_count', 'data.');
      const { sub_count: countError, ...fieldErrors } = errors;
      if (Object.keys(fieldErrors).length > 0) form.setErrors(fieldErrors);
      const message =
        typeof countError === 'string'
          ? countError
          : Object.keys(fieldErrors).length === 0
            ? localizeSubscriptionMessage(t, failureMessage(error, t, t('messages.serverError')))
            : null;
      setSendError(message);
      void count.refetch();
    },
  });

  function send(values: NotificationValues) {
    const { data } = checkNotification(values, t);
    if (!data) return;
    if (audienceSize < 1) {
      setSendError(localizeSubscriptionMessage(t, subscriptionMessages.subCountRequired));
      return;
    }
    mutation.mutate({
      channelId,
      data,
      filter: audience.filter,
      platform: audience.platform,
      count: audienceSize,
    });
  }

  const channel = browse.data;
  const variables = channel ? filterVariables(channel.data.variables, channel.vars) : [];
  return (
    <Stack gap="xl">
      <form onSubmit={form.onSubmit(send)} noValidate>
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="lg">
              <NotificationFields form={form} />
              <Divider />
              <AudienceFilter
                variables={variables}
                selected={selected}
                onSelect={(name, values) => setSelected((current) => ({ ...current, [name]: values }))}
                platform={form.values.platform}
                onPlatform={(platform) => form.setFieldValue('platform', platform)}
              />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="lg">
              <NotificationPreview values={form.values} />
              <AudienceCountLine count={count.data} isLoading={count.isPending} />
              {sendError && (
                <Alert color="red" data-testid="send-error">
                  {sendError}
                </Alert>
              )}
              <Group>
                <Button
                  type="submit"
                  leftSection={<IconSend size={16} />}
                  disabled={audienceSize < 1 || isCounting}
                  loading={mutation.isPending}
                >
                  {t('subscriptions.send.submit')}
                </Button>
              </Group>
            </Stack>
          </Grid.Col>
        </Grid>
      </form>
      <SendProgressList sends={sends} failures={channel?.failures ?? []} />
    </Stack>
  );
}
