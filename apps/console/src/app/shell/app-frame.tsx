import { AppShell, Box, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { Breadcrumbs } from './breadcrumbs.tsx';
import { GlobalAlert } from './global-alert.tsx';
import { Header } from './header.tsx';
import { Sidebar } from './sidebar.tsx';

/** The signed-in frame: header, sidebar, breadcrumbs, the root error alert and the page. */
export function AppFrame() {
  const { t } = useTranslation();
  const [isNavigationOpen, { toggle, close }] = useDisclosure();
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 250, breakpoint: 'sm', collapsed: { mobile: !isNavigationOpen } }}
      padding="lg"
      bg="var(--mantine-color-gray-0)"
    >
      <AppShell.Header>
        <Header isNavigationOpen={isNavigationOpen} onToggleNavigation={toggle} />
      </AppShell.Header>
      <AppShell.Navbar p="sm">
        <Sidebar onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main>
        <Box maw={1200} mx="auto">
          <Box mb="md">
            <Breadcrumbs />
          </Box>
          <GlobalAlert />
          <Outlet />
          <Text component="footer" size="xs" c="dimmed" ta="center" mt="xl">
            {t('app.footer')}
          </Text>
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}
