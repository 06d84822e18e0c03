import { Box, NavLink, Stack } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { lazyComponent } from '../../components/lazy-screen.tsx';
import { builtSidebarEntries } from './built-sidebar-entries.ts';

const entries = builtSidebarEntries();

// the waiting count beside Conversations, with the inbox stream it follows; out of the first load
const ConversationsBadge = lazyComponent(() =>
  import('../../features/conversations/conversations-badge.tsx').then((file) => file.ConversationsBadge),
);

function EntryBadge({ id }: { id: string }) {
  if (id !== 'conversations') return null;
  return (
    <Suspense fallback={null}>
      <ConversationsBadge />
    </Suspense>
  );
}

function isActive(pathname: string, path: string) {
  return pathname === path || pathname.startsWith(`${path}/`);
}

export function Sidebar({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    // the browser's own scrolling: Mantine's ScrollArea would bring floating-ui into the first load
    <Box component="nav" aria-label={t('nav.label')} data-testid="sidebar" style={{ overflowY: 'auto' }}>
      <Stack gap={4}>
        {entries.map(({ id, path, icon: Icon }) => (
          <NavLink
            key={id}
            component={Link}
            to={path}
            label={t(`nav.${id}`)}
            leftSection={<Icon size={20} stroke={1.6} />}
            rightSection={<EntryBadge id={id} />}
            active={isActive(pathname, path)}
            onClick={onNavigate}
            data-testid={`nav-${id}`}
            variant="light"
            styles={{ root: { borderRadius: 'var(--mantine-radius-md)' } }}
          />
        ))}
      </Stack>
    </Box>
  );
}
