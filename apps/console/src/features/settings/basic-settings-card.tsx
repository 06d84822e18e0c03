import { basicSettings, type UserProfile } from '@hiwar/contracts';
import { Avatar, Button, Group, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { IconCamera } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../components/password-field.tsx';
import { schemaValidator } from '../../lib/form-errors.ts';
import { AvatarModal } from './avatar-modal.tsx';
import { basicSettingsFormData } from './settings-api.ts';
import { SettingsCard } from './settings-card.tsx';
import { useSettingsSave } from './use-settings-save.ts';

function basicValues(profile: UserProfile) {
  return {
    user_email: profile.user_email,
    username: profile.username,
    user_fullname: profile.user_fullname,
    mail_server_username: profile.mail_server_cred.mail_server_username,
    mail_server_password: profile.mail_server_cred.mail_server_password,
  };
}

/** An address inside a sentence of either direction keeps its own (Unicode first-strong isolate). */
const isolated = (text: string) => `\u2068${text}\u2069`;

function useObjectUrl(file: File | null) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url;
}

export function BasicSettingsCard({ profile }: { profile: UserProfile }) {
  const { t } = useTranslation();
  const form = useForm({
    initialValues: basicValues(profile),
    validate: schemaValidator(basicSettings, t, { mode: 2 }),
  });
  const { save, isSaving, failure, dismissFailure } = useSettingsSave(form, 'username');
  const [avatarFile, setAvatarFile] = useState<File | null>(null);
  const [isAvatarModalOpen, avatarModal] = useDisclosure(false);
  const avatarPreview = useObjectUrl(avatarFile);

  const submit = form.onSubmit((values) => {
    const body = avatarFile ? basicSettingsFormData(values, avatarFile) : { mode: 2, ...values };
    save(body, { onSuccess: () => setAvatarFile(null) });
  });

  return (
    <SettingsCard
      testId="settings-basic"
      title={t('settings.basic.title')}
      submitLabel={t('settings.basic.submit')}
      isSaving={isSaving}
      failure={failure}
      onDismissFailure={dismissFailure}
      onSubmit={submit}
    >
      <Group gap="md">
        <Avatar
          src={avatarPreview ?? profile.avatar}
          size={72}
          radius="50%"
          alt={t('settings.basic.photo')}
          color="indigo"
        >
          {profile.username.slice(0, 2).toUpperCase()}
        </Avatar>
        <div>
          <Button variant="light" size="xs" leftSection={<IconCamera size={16} />} onClick={avatarModal.open}>
            {t('settings.basic.changePhoto')}
          </Button>
          {avatarFile && (
            <Text size="xs" c="dimmed" mt={4}>
              {t('settings.basic.newPhoto')}
            </Text>
          )}
        </div>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('settings.basic.email')}
          type="email"
          description={
            profile.pending_email
              ? t('settings.basic.emailPending', {
                  email: isolated(profile.pending_email),
                  current: isolated(profile.user_email),
                })
              : undefined
          }
          {...form.getInputProps('user_email')}
        />
        <TextInput label={t('settings.basic.username')} {...form.getInputProps('username')} />
        <TextInput label={t('settings.basic.fullName')} {...form.getInputProps('user_fullname')} />
        <TextInput
          label={t('settings.basic.mailUsername')}
          type="email"
          {...form.getInputProps('mail_server_username')}
        />
        <PasswordField
          label={t('settings.basic.mailPassword')}
          autoComplete="off"
          {...form.getInputProps('mail_server_password')}
        />
      </SimpleGrid>
      <AvatarModal opened={isAvatarModalOpen} onClose={avatarModal.close} onChoose={setAvatarFile} />
    </SettingsCard>
  );
}
