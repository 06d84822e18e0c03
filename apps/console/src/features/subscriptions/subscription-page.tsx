import { Card, Loader, Stack, Tabs, Title } from '@mantine/core';
import { IconInfoCircle, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../lib/api-client.ts';
import type { SubscriptionContext } from './subscription-context.ts';
import { useSubscription } from './subscriptions-api.ts';

const tabs = [
  { value: 'about', icon: IconInfoCircle },
  { value: 'send', icon: IconSend },
] as const;

/**
 * /subscription/{id}/{about|send} (spec part 2 §2; 0 is new): the channel's title and its About and Send tabs.
 * An id that is not a number, or a channel the owner does not have, goes back to the list (spec part 2 §9).
 */
export function SubscriptionPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { channelId: idText = '' } = useParams();
  const isNumeric = /^\d{1,15}$/.test(idText);
  const channelId = isNumeric ? Number(idText) : 0;
  const channel = useSubscription(channelId);
  const activeTab = pathname.split('/').filter(Boolean)[2] === 'send' ? 'send' : 'about';
  const isNew = channelId === 0;

  if (!isNumeric || (channel.error instanceof ApiError && channel.error.httpStatus === 404))
    return <Navigate to="/subscription" replace />;
  if (isNew && activeTab === 'send') return <Navigate to="/subscription/0/about" replace />;
  if (!isNew && channel.isPending) return <Loader />;
  const context: SubscriptionContext = { channelId, channel: channel.data };

  return (
    <Stack gap="lg">
      <Title order={2}>
        {isNew ? (
          t('subscriptions.form.addTitle')
        ) : (
          <span dir="auto">{channel.data?.data.sc_title ?? '…'}</span>
        )}
      </Title>
      <Card shadow="xs" p={0}>
        <Tabs
          value={activeTab}
          onChange={(tab) => tab && navigate(`/subscription/${channelId}/${tab}`)}
          keepMounted={false}
        >
          <Tabs.List px="md" pt="xs">
            {tabs.map(({ value, icon: Icon }) => (
              <Tabs.Tab
                key={value}
                value={value}
                disabled={isNew && value !== 'about'}
                leftSection={<Icon size={16} />}
              >
                {t(`subscriptions.tabs.${value}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Stack p="lg">
            <Outlet context={context} />
          </Stack>
        </Tabs>
      </Card>
    </Stack>
  );
}
