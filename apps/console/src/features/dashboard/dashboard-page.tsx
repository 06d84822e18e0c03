import { Grid, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconMessageCircle, IconStack2, IconUsers } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client.ts';
import { useProfile } from '../../lib/profile.ts';
import { setRootError } from '../../lib/root-error.ts';
import { loadHistory } from '../debugger/index.ts';
import { SecretResetsAlert } from '../secret-resets/index.ts';
import { useStats } from './dashboard-api.ts';
import { firstStepsOf } from './first-steps.ts';
import { FirstStepsCard } from './first-steps-card.tsx';
import { StatCard } from './stat-card.tsx';
import { TrafficCard } from './traffic-card.tsx';
import { PLAN_LIMITS } from './usage.ts';
import { useFirstStepsDismissal } from './use-first-steps-dismissal.ts';
import { WaitingCard } from './waiting-card.tsx';

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

/**
 * The three counts (spec), and for a new owner the first steps above them until all are done or hidden. The
 * debugger keeps no record on the server, so its message history in this browser counts as having tried it.
 * Under them the bot's traffic and what waits in the conversations (issue #15).
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const stats = useStats();
  const profile = useProfile();
  const dismissal = useFirstStepsDismissal(profile.data?.user_id);
  const firstSteps = stats.data ? firstStepsOf(stats.data, loadHistory().length > 0) : [];
  const isGuiding = profile.isSuccess && !dismissal.isDismissed && firstSteps.some((step) => !step.isDone);

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
      <SecretResetsAlert />
      {isGuiding && <FirstStepsCard steps={firstSteps} onDismiss={dismissal.dismiss} />}
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
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <TrafficCard />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <WaitingCard />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
