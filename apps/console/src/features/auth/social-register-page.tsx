import { type SocialRegisterRequest, socialRegisterRequest } from '@hiwar/contracts';
import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PasswordField } from '../../components/password-field.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { setToken } from '../../lib/auth-token.ts';
import { schemaValidator, serverFieldErrors } from '../../lib/form-errors.ts';
import { localizeMessage } from '../../lib/messages.ts';
import { fetchPendingSocialSignin, socialRegister } from './auth-api.ts';
import { AuthHeading } from './auth-heading.tsx';
import { CheckingLine } from './checking-line.tsx';
import { BackToLoginLink } from './register-page.tsx';

type SocialFields = Omit<SocialRegisterRequest, 'user_token'>;

const emptyFields: SocialFields = {
  username: '',
  user_email: '',
  user_password: '',
  user_password_confirmation: '',
  user_fullname: '',
};

/** Spec §8: an answer with status 0 shows its msg; a request that failed shows "Error Access Token". */
export function socialFailureMessage(error: unknown, t: TFunction): string {
  const isAnsweredWithStatus0 =
    error instanceof ApiError && error.httpStatus >= 200 && error.httpStatus < 300;
  return isAnsweredWithStatus0 && error.message
    ? localizeMessage(t, error.message)
    : t('messages.errorAccessToken');
}

/**
 * The end of a sign-up through Facebook: the name and email Facebook gave are filled in (the email stays as
 * Facebook proved it), the person chooses a username and a password. A token that is unknown, old or used shows
 * why and the way back instead of the form.
 */
export function SocialRegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const userToken = useParams().token ?? '';
  const form = useForm({
    initialValues: emptyFields,
    validate: schemaValidator(socialRegisterRequest, t, { user_token: userToken }),
  });
  const pending = useQuery({
    queryKey: ['social-register', userToken],
    queryFn: () => fetchPendingSocialSignin(userToken),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const { setValues } = form;
  useEffect(() => {
    if (pending.data) setValues({ user_fullname: pending.data.name, user_email: pending.data.email });
  }, [pending.data, setValues]);
  const completion = useMutation({
    mutationFn: (fields: SocialFields) => socialRegister({ ...fields, user_token: userToken }),
    onSuccess: (token) => {
      setToken(token);
      navigate('/', { replace: true });
    },
    onError: (error) => form.setErrors(serverFieldErrors(error, t, 'username')),
  });

  return (
    <form onSubmit={form.onSubmit((values) => completion.mutate(values))} noValidate>
      <AuthHeading title={t('auth.social.title')} subtitle={t('auth.social.subtitle')} />
      <Stack gap="sm">
        {pending.isPending && <CheckingLine label={t('auth.social.loading')} />}
        {pending.isError && (
          <Alert color="red" variant="light" role="alert" data-testid="social-expired">
            {t('auth.social.expired')}
          </Alert>
        )}
        {completion.isError && (
          <Alert color="red" variant="light" role="alert" data-testid="social-error">
            {socialFailureMessage(completion.error, t)}
          </Alert>
        )}
        {pending.isSuccess && (
          <>
            <TextInput
              label={t('auth.register.username')}
              autoComplete="username"
              {...form.getInputProps('username')}
            />
            <TextInput
              label={t('auth.register.email')}
              type="email"
              autoComplete="email"
              readOnly
              description={t('auth.social.emailHint')}
              {...form.getInputProps('user_email')}
            />
            <PasswordField
              label={t('auth.register.password')}
              autoComplete="new-password"
              {...form.getInputProps('user_password')}
            />
            <PasswordField
              label={t('auth.register.retype')}
              autoComplete="new-password"
              {...form.getInputProps('user_password_confirmation')}
            />
            <TextInput
              label={t('auth.register.fullName')}
              autoComplete="name"
              {...form.getInputProps('user_fullname')}
            />
            <Button
              type="submit"
              fullWidth
              mt="xs"
              loading={completion.isPending}
              data-testid="social-submit"
            >
              {t('auth.social.submit')}
            </Button>
          </>
        )}
        <BackToLoginLink label={t('auth.register.back')} />
      </Stack>
    </form>
  );
}
