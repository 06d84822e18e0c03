import { Alert, Button, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { failureMessage } from '../../lib/form-errors.ts';
import { localizeMessage } from '../../lib/messages.ts';
import { activateAccount, confirmEmail } from './auth-api.ts';
import { AuthHeading } from './auth-heading.tsx';
import { CheckingLine } from './checking-line.tsx';

interface MailedLinkProps {
  /** the translation keys of the page: its title, what it says while checking, and the button back */
  texts: { title: string; checking: string; back: string };
  check(userId: string, code: string): Promise<{ msg?: unknown }>;
  /** the catalogue keys when the answer carries no message */
  succeeded: string;
  failed: string;
  backTo: string;
}

/** A link mailed with a user id and a code: checked once on open, its answer shown, and the way on. */
function MailedLinkPage({ texts, check, succeeded, failed, backTo }: MailedLinkProps) {
  const { t } = useTranslation();
  const { user_id: userId = '', code = '' } = useParams();
  const result = useQuery({
    queryKey: ['mailed-link', texts.title, userId, code],
    queryFn: () => check(userId, code),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

  return (
    <Stack>
      <AuthHeading title={t(texts.title)} />
      {result.isPending && <CheckingLine label={t(texts.checking)} />}
      {result.isSuccess && (
        <Alert color="green" variant="light" role="status" data-testid="activation-result">
          {localizeMessage(t, typeof result.data.msg === 'string' ? result.data.msg : '') || t(succeeded)}
        </Alert>
      )}
      {result.isError && (
        <Alert color="red" variant="light" role="alert" data-testid="activation-result">
          {failureMessage(result.error, t, t(failed))}
        </Alert>
      )}
      <Button component={Link} to={backTo} variant="light">
        {t(texts.back)}
      </Button>
    </Stack>
  );
}

export function ActivateAccountPage() {
  return (
    <MailedLinkPage
      texts={{
        title: 'auth.activate.title',
        checking: 'auth.activate.checking',
        back: 'auth.activate.toLogin',
      }}
      check={activateAccount}
      succeeded="messages.accountActivated"
      failed="messages.activationInvalid"
      backTo="/user/login"
    />
  );
}

/** The link mailed to a new address (SIGNUP=verify): it may be opened signed in or not. */
export function ConfirmEmailPage() {
  return (
    <MailedLinkPage
      texts={{
        title: 'auth.confirmEmail.title',
        checking: 'auth.confirmEmail.checking',
        back: 'auth.confirmEmail.toConsole',
      }}
      check={confirmEmail}
      succeeded="messages.emailChanged"
      failed="messages.emailChangeInvalid"
      backTo="/dashboard"
    />
  );
}
