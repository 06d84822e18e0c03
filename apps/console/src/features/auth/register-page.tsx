import { type RegisterRequest, registerRequest } from '@hiwar/contracts';
import { Alert, Anchor, Button, Stack, TextInput, useDirection } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PasswordField } from '../../components/password-field.tsx';
import { failureMessage, schemaValidator, serverFieldErrors } from '../../lib/form-errors.ts';
import { resendActivation, useSignupSettings } from './auth-api.ts';
import { AuthHeading } from './auth-heading.tsx';
import { FacebookButton } from './facebook-button.tsx';
import { safeRedirectPath } from './redirect-path.ts';
import { useRegistration } from './use-registration.ts';

const emptyRegistration: RegisterRequest = {
  username: '',
  user_fullname: '',
  user_email: '',
  user_password: '',
  user_password_confirmation: '',
};

export function BackToLoginLink({ label }: { label: string }) {
  const { dir } = useDirection();
  const Arrow = dir === 'rtl' ? IconArrowRight : IconArrowLeft;
  return (
    <Anchor component={Link} to="/user/login" size="sm" data-testid="back-to-login">
      <Arrow size={14} style={{ verticalAlign: 'middle', marginInlineEnd: 4 }} />
      {label}
    </Anchor>
  );
}

export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const form = useForm({ initialValues: emptyRegistration, validate: schemaValidator(registerRequest, t) });
  const registration = useRegistration();
  const { signup: signupMode, facebook } = useSignupSettings();
  const resend = useMutation({ mutationFn: (email: string) => resendActivation(email) });

  function submit(values: RegisterRequest) {
    registration.mutate(values, {
      onSuccess: (outcome) => {
        if (outcome === 'signed-in')
          navigate(safeRedirectPath(searchParams.get('redirect')), { replace: true });
      },
      onError: (error) => form.setErrors(serverFieldErrors(error, t, 'username')),
    });
  }

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <AuthHeading title={t('auth.register.title')} subtitle={t('auth.register.subtitle')} />
      <Stack gap="sm">
        {registration.isError && (
          <Alert color="red" variant="light" role="alert" data-testid="register-error">
            {failureMessage(registration.error, t, t('messages.givenDataInvalid'))}
          </Alert>
        )}
        {signupMode === 'closed' && (
          <Alert color="yellow" variant="light" role="status" data-testid="register-closed">
            {t('auth.register.closed')}
          </Alert>
        )}
        {registration.data === 'awaiting-verification' && (
          <Alert color="blue" variant="light" role="status" data-testid="register-verify">
            <Stack gap="xs" align="flex-start">
              <span>
                {/* the address on one line, in its own direction, inside either language's sentence */}
                <Trans
                  i18nKey="auth.register.checkEmail"
                  values={{ email: form.values.user_email }}
                  components={{ email: <bdi style={{ whiteSpace: 'nowrap' }} /> }}
                />
              </span>
              <Button
                size="xs"
                variant="light"
                loading={resend.isPending}
                disabled={resend.isSuccess}
                onClick={() => resend.mutate(form.values.user_email)}
                data-testid="register-resend"
              >
                {resend.isSuccess ? t('auth.register.resent') : t('auth.register.resend')}
              </Button>
              {resend.isError && <span>{failureMessage(resend.error, t, t('messages.serverError'))}</span>}
            </Stack>
          </Alert>
        )}
        {signupMode !== 'closed' && (
          <>
            <TextInput
              label={t('auth.register.username')}
              autoComplete="username"
              {...form.getInputProps('username')}
            />
            <TextInput
              label={t('auth.register.fullName')}
              autoComplete="name"
              {...form.getInputProps('user_fullname')}
            />
            <TextInput
              label={t('auth.register.email')}
              type="email"
              autoComplete="email"
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
            <Button
              type="submit"
              fullWidth
              mt="xs"
              loading={registration.isPending}
              data-testid="register-submit"
            >
              {t('auth.register.submit')}
            </Button>
            {facebook && <FacebookButton redirect={searchParams.get('redirect')} />}
          </>
        )}
        <BackToLoginLink label={t('auth.register.back')} />
      </Stack>
    </form>
  );
}
