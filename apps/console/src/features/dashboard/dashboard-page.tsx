import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconMessageCircle, IconStack2, IconUsers } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client.ts';
import { setRootError } from '../../lib/root-error.ts';
import { useStats } from './dashboard-api.ts';
import { StatCard } from './stat-card.tsx';
import { PLAN_LIMITS } from './usage.ts';

const RELOADED_FLAG = 'hiwar_stats_reloaded';

/**
 * Spec: stats answered with a status other than 1 reload the page. Once per tab session only, so a server that
 * keeps failing shows the root error instead of a reload loop.
 */
function reloadOnceOrReport(message: string) {
  if (sessionStorage.getItem(RELOADED_FLAG)) {
    setRootError(message);
    return;
  }
  sessionStorage.setItem(RELOADED_FLAG, '1');
  window.location.reload();
}

export function DashboardPage() {
  const { t } = useTranslation();
  const stats = useStats();

  useEffect(() => {
    if (stats.isSuccess) sessionStorage.removeItem(RELOADED_FLAG);
    const isStatusFailure = stats.error instanceof ApiError && stats.error.httpStatus !== 401;
    if (isStatusFailure) reloadOnceOrReport(t('dashboard.loadFailed'));
  }, [stats.isSuccess, stats.error, t]);

  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>{t('dashboard.title')}</Title>
        <Text c="dimmed" size="sm">
          {t('dashboard.subtitle')}
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        <StatCard
          id="senders"
          label={t('dashboard.senders')}
          count={stats.data?.senders}
          limit={PLAN_LIMITS.senders}
          icon={IconUsers}
        />
        <StatCard
          id="services"
          label={t('dashboard.services')}
          count={stats.data?.services}
          limit={PLAN_LIMITS.services}
          icon={IconStack2}
        />
        <StatCard
          id="commands"
          label={t('dashboard.commands')}
          count={stats.data?.commands}
          limit={PLAN_LIMITS.commands}
          icon={IconMessageCircle}
        />
      </SimpleGrid>
    </Stack>
  );
}
