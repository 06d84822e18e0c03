import { Alert, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { setToken } from '../../lib/auth-token.ts';
import { socialLogin } from './auth-api.ts';
import { AuthHeading } from './auth-heading.tsx';
import { CheckingLine } from './checking-line.tsx';
import { safeRedirectPath } from './redirect-path.ts';
import { BackToLoginLink } from './register-page.tsx';

/**
 * Where Facebook's callback brings an existing account: the single-use ticket in the path is traded once for the
 * session, then the console opens the page the sign-in started from.
 */
export function SocialSigninPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const ticket = useParams().token ?? '';
  const redirect = safeRedirectPath(searchParams.get('redirect'));
  const signIn = useMutation({
    mutationFn: () => socialLogin(ticket),
    onSuccess: (token) => {
      setToken(token);
      navigate(redirect, { replace: true });
    },
  });
  // once, though React's strict mode runs effects twice in development: a ticket is single-use
  const isStarted = useRef(false);
  const { mutate } = signIn;
  useEffect(() => {
    if (isStarted.current) return;
    isStarted.current = true;
    mutate();
  }, [mutate]);

  return (
    <Stack>
      <AuthHeading title={t('auth.socialSignin.title')} />
      {!signIn.isError && <CheckingLine label={t('auth.socialSignin.checking')} />}
      {signIn.isError && (
        <Alert color="red" variant="light" role="alert" data-testid="social-signin-failed">
          {t('auth.socialSignin.failed')}
        </Alert>
      )}
      <BackToLoginLink label={t('auth.register.back')} />
    </Stack>
  );
}
