import { loginRequest, type SocialSigninError, socialSigninErrors } from '@hiwar/contracts';
import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PasswordField } from '../../components/password-field.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { setToken } from '../../lib/auth-token.ts';
import { schemaValidator } from '../../lib/form-errors.ts';
import { login, useSignupSettings } from './auth-api.ts';
import { AuthHeading } from './auth-heading.tsx';
import { FacebookButton } from './facebook-button.tsx';
import { safeRedirectPath } from './redirect-path.ts';

/** Spec: any failure reads "Invalid User Credentials Please Try Again"; the throttle (429) has its own. */
export function loginFailureMessage(error: unknown, t: TFunction): string {
  if (error instanceof ApiError && error.httpStatus === 429) return t('messages.tooManyAttempts');
  return t('messages.invalidCredentials');
}

/** Why a sign-in with Facebook came back to this page (`?social_error=`), if it is one the server sends. */
function socialErrorOf(value: string | null): SocialSigninError | null {
  return socialSigninErrors.find((known) => known === value) ?? null;
}

export function LoginPage() {
  const { t } = useTranslation();
  const { signup, facebook } = useSignupSettings();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const socialError = socialErrorOf(searchParams.get('social_error'));
  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: schemaValidator(loginRequest, t),
  });
  const signIn = useMutation({
    mutationFn: login,
    onSuccess: (token) => {
      setToken(token);
      navigate(safeRedirectPath(searchParams.get('redirect')), { replace: true });
    },
  });

  return (
    <form onSubmit={form.onSubmit((values) => signIn.mutate(values))} noValidate>
      <AuthHeading title={t('auth.login.title')} subtitle={t('auth.login.subtitle')} />
      <Stack>
        {socialError && !signIn.isError && (
          <Alert color="yellow" variant="light" role="alert" data-testid="social-signin-error">
            {t(`auth.socialErrors.${socialError}`)}
          </Alert>
        )}
        {signIn.isError && (
          <Alert color="red" variant="light" role="alert" data-testid="login-error">
            {loginFailureMessage(signIn.error, t)}
          </Alert>
        )}
        <TextInput
          label={t('auth.login.email')}
          type="email"
          autoComplete="email"
          {...form.getInputProps('email')}
        />
        <PasswordField
          label={t('auth.login.password')}
          autoComplete="current-password"
          {...form.getInputProps('password')}
        />
        <Group justify="flex-end" display="none">
          <Anchor component="button" type="button" size="sm">
            {t('auth.login.forgotPassword')}
          </Anchor>
        </Group>
        <Button type="submit" fullWidth loading={signIn.isPending} data-testid="login-submit">
          {t('auth.login.submit')}
        </Button>
        {facebook && <FacebookButton redirect={searchParams.get('redirect')} />}
        {signup !== 'closed' && (
          <Text size="sm" ta="center" c="dimmed">
            {t('auth.login.noAccount')}{' '}
            <Anchor component={Link} to="/user/register" fw={500} data-testid="register-link">
              {t('auth.login.register')}
            </Anchor>
          </Text>
        )}
      </Stack>
    </form>
  );
}
