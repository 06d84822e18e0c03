import { datasetMessages, menuFixedFields } from '@hiwar/contracts';
import { IconReceipt } from '@tabler/icons-react';
import { type DatasetKind, dataTab, structureTab } from '../dataset-kind.ts';
import { OrdersCountBadge } from './orders-count-badge.tsx';

/**
 * Menus are datasets of type menu (spec part 2 §2, §3): the dataset screens show them at /menus, with the name
 * as menu_name, tax and shipping, the five read-only fields from the start, and an Orders tab whose badge counts
 * the pending orders.
 */
export const menuKind: DatasetKind = {
  type: 'menu',
  path: '/menus',
  section: 'menus',
  idParam: 'menuId',
  nameField: 'menu_name',
  nameRequired: datasetMessages.menuNameRequired,
  initialFields: menuFixedFields,
  offersPermission: false,
  tabs: [
    structureTab,
    dataTab,
    { value: 'orders', label: 'menus.tabs.orders', icon: IconReceipt, Badge: OrdersCountBadge },
  ],
};
