import {
  ActionIcon,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconCopy, IconRefresh, IconSend } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormatNumber } from '../../lib/format-number.ts';
import { regenerateApiKey, type SubscriptionBrowse, subscriptionKey } from './subscriptions-api.ts';

/** The body the owner's system posts to the external send endpoint, as a sample. */
function endpointSample(apiKey: string): string {
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const body = {
    api_key: apiKey,
    data: { type: 'text', title: 'Hello!', redirect_type: 'web_wedgit' },
    values: [{ sv_variable_name: 'city', vals: ['Cairo'] }],
    platform: null,
  };
  return `POST ${origin}/api/send_to_subscribers_from_api\nContent-Type: application/json\n\n${JSON.stringify(body, null, 2)}`;
}

function ApiKeySection({ channelId, apiKey }: { channelId: number; apiKey: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: () => regenerateApiKey(channelId),
    onSuccess: () => {
      notifications.show({ color: 'green', message: t('subscriptions.apiKey.regenerated') });
      return queryClient.invalidateQueries({ queryKey: subscriptionKey(channelId) });
    },
    onError: () => notifications.show({ color: 'red', message: t('messages.serverError') }),
  });
  const askToRegenerate = () =>
    modals.openConfirmModal({
      title: t('subscriptions.apiKey.regenerateTitle'),
      children: <Text size="sm">{t('subscriptions.apiKey.regenerateQuestion')}</Text>,
      labels: { confirm: t('subscriptions.apiKey.regenerate'), cancel: t('common.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'confirm-regenerate' },
      centered: true,
      onConfirm: () => mutation.mutate(),
    });
  return (
    <Group align="flex-end" gap="xs">
      <TextInput
        label={t('subscriptions.apiKey.label')}
        description={t('subscriptions.apiKey.hint')}
        value={apiKey}
        readOnly
        dir="ltr"
        style={{ flex: 1 }}
        maw={520}
        rightSection={
          <CopyButton value={apiKey}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? t('subscriptions.apiKey.copied') : t('subscriptions.apiKey.copy')}>
                <ActionIcon variant="subtle" onClick={copy} aria-label={t('subscriptions.apiKey.copy')}>
                  {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        }
      />
      <Button
        variant="default"
        leftSection={<IconRefresh size={16} />}
        onClick={askToRegenerate}
        loading={mutation.isPending}
      >
        {t('subscriptions.apiKey.regenerate')}
      </Button>
    </Group>
  );
}

/** A saved channel's key, the external send endpoint, its subscribers and the values they gave; a way to Send. */
export function ChannelDetails({ channel }: { channel: SubscriptionBrowse }) {
  const { t } = useTranslation();
  const formatNumber = useFormatNumber();
  const { data } = channel;
  return (
    <Stack gap="lg" data-testid="channel-details">
      <Group justify="space-between">
        <Text data-testid="subscriber-count">
          {t('subscriptions.details.subscribers', { number: formatNumber(data.sc_sibscripers_count) })}
        </Text>
        <Button component={Link} to={`/subscription/${data.sc_id}/send`} leftSection={<IconSend size={16} />}>
          {t('subscriptions.details.send')}
        </Button>
      </Group>
      <Stack gap="xs">
        <Title order={4} fz="sm">
          {t('subscriptions.details.variables')}
        </Title>
        {data.variables.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('subscriptions.details.noVariables')}
          </Text>
        ) : (
          data.variables.map((variable) => (
            <Group
              key={variable.sv_variable_name}
              gap="xs"
              data-testid={`variable-${variable.sv_variable_name}`}
            >
              <Text size="sm" fw={600} dir="auto">
                {variable.sv_variable_name}
              </Text>
              {variable.vals.map((value) => (
                <Badge key={value} variant="light" tt="none" dir="auto">
                  {value}
                </Badge>
              ))}
            </Group>
          ))
        )}
      </Stack>
      <ApiKeySection channelId={data.sc_id} apiKey={data.api_key} />
      <Stack gap="xs">
        <Title order={4} fz="sm">
          {t('subscriptions.details.endpoint')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('subscriptions.details.endpointHint')}
        </Text>
        <Code block dir="ltr" data-testid="endpoint-sample">
          {endpointSample(data.api_key)}
        </Code>
      </Stack>
    </Stack>
  );
}
