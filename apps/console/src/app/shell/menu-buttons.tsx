import { Avatar, Button, Group, Text, UnstyledButton } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useProfile } from '../../lib/profile.ts';
import { useLanguage } from '../use-language.ts';

// The header menus' buttons. The menus themselves (their dropdowns and the floating-ui positioning, ~20 KB
// gzipped) load just after the first screen; meanwhile each button is drawn alone, in the same place and look.

type ButtonAttributes = Omit<ComponentPropsWithRef<'button'>, 'color' | 'style'>;

/** The language menu's button: the current language's name. */
export function LanguageButton(props: ButtonAttributes) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  return (
    <Button
      variant="subtle"
      color="gray"
      leftSection={<IconLanguage size={18} />}
      aria-label={t('header.language')}
      {...props}
    >
      {t(language === 'ar' ? 'header.arabic' : 'header.english')}
    </Button>
  );
}

/** The account menu's button: the user's photo (or initials) and name. */
export function AccountButton(props: ButtonAttributes) {
  const { t } = useTranslation();
  const { data: profile } = useProfile();
  const initials = (profile?.user_fullname || profile?.username || '').slice(0, 2).toUpperCase();
  return (
    <UnstyledButton aria-label={t('header.account')} {...props}>
      <Group gap="xs" wrap="nowrap">
        <Avatar src={profile?.avatar} radius="xl" size={34} color="indigo" alt="">
          {initials}
        </Avatar>
        <Text size="sm" fw={500} visibleFrom="sm" maw={160} truncate>
          {profile?.user_fullname}
        </Text>
      </Group>
    </UnstyledButton>
  );
}
