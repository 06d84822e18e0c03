import {
  type Icon,
  IconBell,
  IconBug,
  IconChartBar,
  IconDatabase,
  IconGauge,
  IconHierarchy2,
  IconLayoutList,
  IconLogout,
  IconMap2,
  IconMessageChatbot,
  IconMessages,
  IconPlugConnected,
  IconSettings,
  IconStack2,
} from '@tabler/icons-react';

export interface SidebarEntry {
  /** also the `nav.<id>` translation key */
  id: string;
  path: string;
  icon: Icon;
}

/** Spec part 1 §2 Frame, in this order. The sidebar shows those whose feature is built (built-sidebar-entries.ts). */
export const sidebarEntries: readonly SidebarEntry[] = [
  { id: 'dashboard', path: '/dashboard', icon: IconGauge },
  { id: 'chatbot', path: '/chatbot', icon: IconMessageChatbot },
  { id: 'services', path: '/services', icon: IconStack2 },
  { id: 'scenario', path: '/scenario', icon: IconHierarchy2 },
  { id: 'subscription', path: '/subscription', icon: IconBell },
  { id: 'datasets', path: '/dataset', icon: IconDatabase },
  { id: 'menus', path: '/menus', icon: IconLayoutList },
  { id: 'datasources', path: '/datasources', icon: IconPlugConnected },
  // not in spec part 1's list: part 2 §2 adds the maps screens, and the sidebar is how an owner reaches them
  { id: 'maps', path: '/maps', icon: IconMap2 },
  { id: 'debugger', path: '/debugger', icon: IconBug },
  // issue #24: how well the bot understands its own examples, measured after each training
  { id: 'quality', path: '/quality', icon: IconChartBar },
  // issue #15: the bot's conversations and the "not understood" inbox, beside the debugger
  { id: 'conversations', path: '/conversations', icon: IconMessages },
  { id: 'settings', path: '/settings', icon: IconSettings },
  { id: 'logout', path: '/user/logout', icon: IconLogout },
];
