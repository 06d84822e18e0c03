import { Alert, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { failureMessage } from '../../lib/form-errors.ts';
import { useProfile } from '../../lib/profile.ts';
import { BasicSettingsCard } from './basic-settings-card.tsx';
import { PasswordCard } from './password-card.tsx';
import { SupportSettingsCard } from './support-settings-card.tsx';

export function SettingsPage() {
  const { t } = useTranslation();
  const profile = useProfile();
  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>{t('settings.title')}</Title>
        <Text c="dimmed" size="sm">
          {t('settings.subtitle')}
        </Text>
      </div>
      {profile.data ? (
        <>
          <BasicSettingsCard profile={profile.data} />
          <SupportSettingsCard profile={profile.data} />
          {profile.data.user_reg_driver === 'web' && <PasswordCard />}
        </>
      ) : profile.isError ? (
        <Alert color="red" variant="light" role="alert">
          {failureMessage(profile.error, t, t('messages.serverError'))}
        </Alert>
      ) : (
        <Skeleton h={320} radius="md" />
      )}
    </Stack>
  );
}
