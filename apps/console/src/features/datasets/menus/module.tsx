import { lazyScreen } from '../../../components/lazy-screen.tsx';
import type { FeatureModule } from '../../../lib/feature-module.ts';
import { datasetRoutes } from '../dataset-routes.tsx';
import { fetchDataset } from '../datasets-api.ts';

/**
 * Menus (spec part 2 §2): the list, and the form with the dataset form's Structure and Data tabs and its own
 * Orders tab, each its own chunk.
 */
export const menusModule: FeatureModule = {
  routes: datasetRoutes({
    segment: 'menus',
    idParam: 'menuId',
    list: lazyScreen(() => import('./menus-page.tsx').then((file) => file.MenusPage)),
    form: lazyScreen(() => import('./menu-form-page.tsx').then((file) => file.MenuFormPage)),
    moreTabs: [
      {
        path: 'orders',
        element: lazyScreen(() => import('./orders-tab.tsx').then((file) => file.MenuOrdersTab)),
      },
    ],
  }),
  crumbNames: { menus: async (id) => (await fetchDataset(id)).ds_name },
};
