import { Button, Divider } from '@mantine/core';
import { IconBrandFacebook } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { facebookSigninHref } from './auth-api.ts';

/**
 * "Continue with Facebook" under a form: a link, not a call — the browser leaves for Facebook's dialog and comes
 * back through the server. The pages show it only when the operator set a Facebook app.
 */
export function FacebookButton({ redirect }: { redirect: string | null }) {
  const { t } = useTranslation();
  return (
    <>
      <Divider label={t('auth.login.or')} labelPosition="center" />
      <Button
        component="a"
        href={facebookSigninHref(redirect)}
        variant="default"
        fullWidth
        leftSection={<IconBrandFacebook size={18} color="#1877F2" />}
        data-testid="facebook-signin"
      >
        {t('auth.login.facebook')}
      </Button>
    </>
  );
}
