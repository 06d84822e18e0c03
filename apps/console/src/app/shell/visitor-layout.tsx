import { Box, Center, Group, Paper } from '@mantine/core';
import { Outlet } from 'react-router';
import { Brand } from './header.tsx';
import { HeaderLanguageMenu } from './header-menus.tsx';

/** Login, register and the other visitor pages: no sidebar, no header; a centred card with the brand. */
export function VisitorLayout({ wide = false }: { wide?: boolean }) {
  return (
    <Box
      mih="100vh"
      style={{
        background:
          'linear-gradient(135deg, var(--mantine-color-indigo-0) 0%, var(--mantine-color-gray-0) 55%, var(--mantine-color-cyan-0) 100%)',
      }}
    >
      <Group justify="space-between" px="lg" py="md">
        <Brand />
        <HeaderLanguageMenu />
      </Group>
      <Center px="md" pb="xl" pt={{ base: 'md', sm: 40 }}>
        <Paper
          w="100%"
          maw={wide ? 560 : 440}
          p={{ base: 'lg', sm: 'xl' }}
          radius="lg"
          shadow="md"
          withBorder
        >
          <Outlet />
        </Paper>
      </Center>
    </Box>
  );
}
