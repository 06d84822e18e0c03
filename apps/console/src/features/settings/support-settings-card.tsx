import { customerSupportSettings, type UserProfile } from '@hiwar/contracts';
import { NumberInput, SimpleGrid, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../components/password-field.tsx';
import { schemaValidator } from '../../lib/form-errors.ts';
import { SnippetField } from '../chatbot/index.ts';
import { SettingsCard } from './settings-card.tsx';
import { SupportDepartments } from './support-departments.tsx';
import { useSettingsSave } from './use-settings-save.ts';

function supportValues(profile: UserProfile) {
  const support = profile.user_customer_support;
  return {
    isEnabled: support.cs_status === 1,
    cs_username: support.cs_username,
    cs_email: support.cs_email,
    cs_password: support.cs_password,
    cs_endpoint: support.cs_info.cs_endpoint,
    cs_timeout_minutes: support.cs_info.cs_timeout_minutes,
  };
}

type SupportValues = ReturnType<typeof supportValues>;

function toRequest({ isEnabled, ...fields }: SupportValues) {
  return { mode: 3, cs_status: isEnabled ? 1 : 0, ...fields };
}

export function SupportSettingsCard({ profile }: { profile: UserProfile }) {
  const { t } = useTranslation();
  const validate = schemaValidator<ReturnType<typeof toRequest>>(customerSupportSettings, t);
  const form = useForm({
    initialValues: supportValues(profile),
    validate: (values) => validate(toRequest(values)),
  });
  const { save, isSaving, failure, dismissFailure } = useSettingsSave(form, 'cs_username');
  const webhookPath = profile.user_customer_support.cs_info.cs_webhook_path;

  return (
    <SettingsCard
      testId="settings-support"
      title={t('settings.support.title')}
      submitLabel={t('settings.support.submit')}
      isSaving={isSaving}
      failure={failure}
      onDismissFailure={dismissFailure}
      onSubmit={form.onSubmit((values) => save(toRequest(values)))}
      after={<SupportDepartments />}
    >
      <Switch
        label={t('settings.support.status')}
        {...form.getInputProps('isEnabled', { type: 'checkbox' })}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={t('settings.support.username')} {...form.getInputProps('cs_username')} />
        <TextInput label={t('settings.support.email')} type="email" {...form.getInputProps('cs_email')} />
        <PasswordField
          label={t('settings.support.password')}
          autoComplete="new-password"
          {...form.getInputProps('cs_password')}
        />
        <TextInput
          label={t('settings.support.endpoint')}
          description={t('settings.support.endpointHint')}
          type="url"
          dir="ltr"
          {...form.getInputProps('cs_endpoint')}
        />
        <NumberInput
          label={t('settings.support.timeout')}
          description={t('settings.support.timeoutHint')}
          min={1}
          max={1440}
          allowDecimal={false}
          {...form.getInputProps('cs_timeout_minutes')}
        />
      </SimpleGrid>
      {webhookPath !== '' && (
        <SnippetField
          label={t('settings.support.webhook')}
          description={t('settings.support.webhookHint')}
          value={`${window.location.origin}${webhookPath}`}
        />
      )}
    </SettingsCard>
  );
}
