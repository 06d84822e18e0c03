import { MENU_ITEMS_PER_LEVEL, MENU_MAX_DEPTH, type MenuItem, type menuItemTypes } from '@hiwar/contracts';

export type MenuItemType = (typeof menuItemTypes)[number];

/**
 * The persistent menu tree as the form sees it: an item is addressed by its menu and the indexes of the items
 * above it (`[2, 0]` is the first child of the third top item); its level is the number of indexes.
 */
export type MenuPath = readonly number[];

/** The form field of the list that holds the item at `path` (or of a new item's siblings). */
export function menuListField(menuIndex: number, parentPath: MenuPath): string {
  const nested = parentPath.map((index) => `call_to_actions.${index}`).join('.');
  return `chatbot_persistent_menus.${menuIndex}.${nested ? `${nested}.` : ''}call_to_actions`;
}

export function menuItemField(menuIndex: number, path: MenuPath): string {
  const parent = path.slice(0, -1);
  return `${menuListField(menuIndex, parent)}.${path[path.length - 1] ?? 0}`;
}

export function itemLimitOfLevel(level: number): number {
  return MENU_ITEMS_PER_LEVEL[level - 1] ?? 0;
}

/** Whether one more item fits on `level` next to `siblingCount` others (8, 2 and 2 items on levels 1–3). */
export function canAddItem(level: number, siblingCount: number): boolean {
  return level >= 1 && level <= MENU_MAX_DEPTH && siblingCount < itemLimitOfLevel(level);
}

/** Levels 1 and 2 may open a submenu; the last level offers only postback and web_url. */
export function itemTypesOfLevel(level: number): MenuItemType[] {
  return level < MENU_MAX_DEPTH ? ['nested', 'postback', 'web_url'] : ['postback', 'web_url'];
}

export function newMenuItem(): MenuItem {
  return {
    title: '',
    type: 'postback',
    emoji: '',
    payload: '',
    url: '',
    webview_height_ratio: 'full',
    call_to_actions: [],
  };
}

/** The item after a type change: a nested item gets a first child, other types drop their children. */
export function withType(item: MenuItem, type: MenuItemType, level: number): MenuItem {
  if (type === 'nested' && level < MENU_MAX_DEPTH) {
    return {
      ...item,
      type,
      call_to_actions: item.call_to_actions.length > 0 ? item.call_to_actions : [newMenuItem()],
    };
  }
  return { ...item, type: type === 'nested' ? 'postback' : type, call_to_actions: [] };
}
