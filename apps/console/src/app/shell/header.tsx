import { Avatar, Burger, Group, Menu, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconLogout, IconMessages, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageMenu } from './language-menu.tsx';

interface HeaderProps {
  isNavigationOpen: boolean;
  onToggleNavigation: () => void;
}

export function Brand() {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap">
      <ThemeIcon size={34} radius="md" variant="gradient" gradient={{ from: 'indigo', to: 'cyan' }}>
        <IconMessages size={20} />
      </ThemeIcon>
      <Text fw={700} fz="lg" data-testid="brand">
        {t('app.brand')}
      </Text>
    </Group>
  );
}

export function Header({ isNavigationOpen, onToggleNavigation }: HeaderProps) {
  const { t } = useTranslation();
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <Burger
          opened={isNavigationOpen}
          onClick={onToggleNavigation}
          hiddenFrom="sm"
          size="sm"
          aria-label={t('header.toggleNavigation')}
        />
        <UnstyledButton component={Link} to="/dashboard">
          <Brand />
        </UnstyledButton>
      </Group>
      <Group gap="xs" wrap="nowrap">
        <LanguageMenu />
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <UnstyledButton aria-label={t('header.account')} data-testid="account-menu">
              <Avatar radius="xl" size={34} color="indigo">
                <IconUser size={18} />
              </Avatar>
            </UnstyledButton>
          </Menu.Target>
          <Menu.Dropdown>
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
      </Group>
    </Group>
  );
}
