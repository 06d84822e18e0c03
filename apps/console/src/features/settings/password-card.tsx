import { passwordChange } from '@hiwar/contracts';
import { SimpleGrid } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../components/password-field.tsx';
import { schemaValidator } from '../../lib/form-errors.ts';
import { SettingsCard } from './settings-card.tsx';
import { useSettingsSave } from './use-settings-save.ts';

const emptyPasswords = { old_password: '', password: '', password_confirmation: '' };

/** Only for accounts registered on the web (spec part 2 §6). */
export function PasswordCard() {
  const { t } = useTranslation();
  const form = useForm({
    initialValues: emptyPasswords,
    validate: schemaValidator(passwordChange, t, { mode: 1 }),
  });
  const { save, isSaving, failure, dismissFailure } = useSettingsSave(form, 'old_password');

  return (
    <SettingsCard
      testId="settings-password"
      title={t('settings.password.title')}
      submitLabel={t('settings.password.submit')}
      isSaving={isSaving}
      failure={failure}
      onDismissFailure={dismissFailure}
      onSubmit={form.onSubmit((values) => save({ mode: 1, ...values }, { onSuccess: () => form.reset() }))}
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <PasswordField
          label={t('settings.password.old')}
          autoComplete="current-password"
          {...form.getInputProps('old_password')}
        />
        <PasswordField
          label={t('settings.password.new')}
          autoComplete="new-password"
          {...form.getInputProps('password')}
        />
        <PasswordField
          label={t('settings.password.confirm')}
          autoComplete="new-password"
          {...form.getInputProps('password_confirmation')}
        />
      </SimpleGrid>
    </SettingsCard>
  );
}
