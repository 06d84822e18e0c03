import { Menu } from '@mantine/core';
import { IconLogout, IconSettings } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useProfile } from '../../lib/profile.ts';
import { AccountButton } from './menu-buttons.tsx';

/** The header's account button: the user's photo and name, with settings and logout. */
export function AccountMenu() {
  const { t } = useTranslation();
  const { data: profile } = useProfile();
  return (
    <Menu position="bottom-end" withinPortal width={220}>
      <Menu.Target>
        <AccountButton data-testid="account-menu" />
      </Menu.Target>
      <Menu.Dropdown>
        {profile && <Menu.Label>{profile.user_email}</Menu.Label>}
        <Menu.Item component={Link} to="/settings" leftSection={<IconSettings size={16} />}>
          {t('nav.settings')}
        </Menu.Item>
        <Menu.Item
          component={Link}
          to="/user/logout"
          color="red"
          leftSection={<IconLogout size={16} />}
          data-testid="header-logout"
        >
          {t('header.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
