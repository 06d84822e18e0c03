import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconLogout, IconSettings } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useProfile } from '../../lib/profile.ts';

/** The header's account button: the user's photo and name, with settings and logout. */
export function AccountMenu() {
  const { t } = useTranslation();
  const { data: profile } = useProfile();
  const initials = (profile?.user_fullname || profile?.username || '').slice(0, 2).toUpperCase();
  return (
    <Menu position="bottom-end" withinPortal width={220}>
      <Menu.Target>
        <UnstyledButton aria-label={t('header.account')} data-testid="account-menu">
          <Group gap="xs" wrap="nowrap">
            <Avatar src={profile?.avatar} radius="xl" size={34} color="indigo" alt="">
              {initials}
            </Avatar>
            <Text size="sm" fw={500} visibleFrom="sm" maw={160} truncate>
              {profile?.user_fullname}
            </Text>
          </Group>
        </UnstyledButton>
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
