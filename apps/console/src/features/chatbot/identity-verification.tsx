import type { IdentityVerification } from '@hiwar/contracts';
import { Alert, Button, Code, Fieldset, Group, Stack, Switch, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconShieldLock } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api-client.ts';
import { SnippetField } from './snippet-field.tsx';

const QUERY_KEY = ['chatbot', 'identity_verification'];

/** What a site's server computes for each signed-in visitor (the widget README has Node and PHP versions). */
const SIGNING_EXAMPLE = 'sender_hash = hex(HMAC-SHA256(secret, sender_id))';

/**
 * The messenger's identity verification: off, anyone who learns a visitor's sender id can read and write that
 * conversation; on, the site signs its visitors' ids with a secret shown here once, and the server refuses an
 * id without its signature. Saved at once, apart from the settings form.
 */
export function IdentityVerificationSettings() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [secret, setSecret] = useState<string | null>(null);
  const state = useQuery({
    queryKey: QUERY_KEY,
    queryFn: async () =>
      (await api.get<{ data: IdentityVerification }>('/chatbot/identity_verification')).data,
  });
  const change = useMutation({
    mutationFn: async (status: 0 | 1) =>
      (await api.post<{ data: IdentityVerification }>('/chatbot/identity_verification', { status })).data,
    onSuccess: (data) => {
      client.setQueryData<IdentityVerification>(QUERY_KEY, { status: data.status });
      setSecret(data.secret ?? null);
      notifications.show({
        color: 'green',
        message: t(
          data.status === 1 ? 'chatbot.serverMessages.identityOn' : 'chatbot.serverMessages.identityOff',
        ),
      });
    },
    onError: () => {
      notifications.show({ color: 'red', message: t('chatbot.identity.failed'), autoClose: false });
    },
  });
  const isOn = state.data?.status === 1;
  const renew = () =>
    modals.openConfirmModal({
      title: t('chatbot.identity.renew'),
      children: <Text size="sm">{t('chatbot.identity.renewConfirm')}</Text>,
      labels: { confirm: t('chatbot.identity.renew'), cancel: t('common.cancel') },
      confirmProps: { color: 'orange' },
      centered: true,
      onConfirm: () => change.mutate(1),
    });
  return (
    <Fieldset legend={t('chatbot.identity.title')} data-testid="identity-verification">
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          {t('chatbot.identity.hint')}
        </Text>
        <Switch
          label={t('chatbot.identity.status')}
          checked={isOn}
          disabled={state.isPending || change.isPending}
          onChange={(event) => change.mutate(event.currentTarget.checked ? 1 : 0)}
        />
        {secret && (
          <Alert color="yellow" icon={<IconShieldLock size={18} />} title={t('chatbot.identity.secretTitle')}>
            <Stack gap="xs">
              <Text size="sm">{t('chatbot.identity.secretOnce')}</Text>
              <SnippetField label={t('chatbot.identity.secret')} value={secret} />
            </Stack>
          </Alert>
        )}
        {isOn && (
          <>
            <Text size="sm">{t('chatbot.identity.howTo')}</Text>
            <Code block dir="ltr" style={{ whiteSpace: 'pre-wrap' }}>
              {SIGNING_EXAMPLE}
            </Code>
            <Group>
              <Button size="xs" variant="default" onClick={renew} loading={change.isPending}>
                {t('chatbot.identity.renew')}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Fieldset>
  );
}
