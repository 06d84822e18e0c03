import { loginRequest } from '@hiwar/contracts';
import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconBrandFacebook } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { safeRedirectPath } from '../../app/route-guards.tsx';
import { PasswordField } from '../../components/password-field.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { setToken } from '../../lib/auth-token.ts';
import { schemaValidator } from '../../lib/form-errors.ts';
import { login, useSignupMode } from './auth-api.ts';
import { AuthHeading } from './auth-heading.tsx';

/** Spec: any failure reads "Invalid User Credentials Please Try Again"; the throttle (429) has its own. */
export function loginFailureMessage(error: unknown, t: TFunction): string {
  if (error instanceof ApiError && error.httpStatus === 429) return t('messages.tooManyAttempts');
  return t('messages.invalidCredentials');
}

export function LoginPage() {
  const { t } = useTranslation();
  const signupMode = useSignupMode();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
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
        <Button type="button" variant="default" leftSection={<IconBrandFacebook size={18} />} display="none">
          {t('auth.login.facebook')}
        </Button>
        {signupMode !== 'closed' && (
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
