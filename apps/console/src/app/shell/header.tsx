import { Box, Burger, Group, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { lazyComponent } from '../../components/lazy-screen.tsx';
import { HeaderAccountMenu, HeaderLanguageMenu } from './header-menus.tsx';

// The shortcut's pickers (a searchable combobox) are among the heaviest components; the frame shows without them.
const ServiceShortcut = lazyComponent(() =>
  import('../../features/services/service-shortcut.tsx').then((file) => file.ServiceShortcut),
);

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
        <Box visibleFrom="md">
          <Suspense fallback={null}>
            <ServiceShortcut />
          </Suspense>
        </Box>
        <HeaderLanguageMenu />
        <HeaderAccountMenu />
      </Group>
    </Group>
  );
}
