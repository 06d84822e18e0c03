import { lazyScreen } from '../../components/lazy-screen.tsx';
import type { FeatureModule } from '../../lib/feature-module.ts';
import { fetchDataSource } from './data-sources-api.ts';

/** Data sources (spec part 2 §2): the list and the form, each screen its own chunk. */
export const dataSourcesModule: FeatureModule = {
  routes: [
    {
      path: 'datasources',
      element: lazyScreen(() => import('./data-sources-page.tsx').then((file) => file.DataSourcesPage)),
    },
    {
      path: 'datasources/:dataSourceId',
      element: lazyScreen(() =>
        import('./data-source-form-page.tsx').then((file) => file.DataSourceFormPage),
      ),
    },
  ],
  crumbNames: { datasources: async (id) => (await fetchDataSource(id)).entity.name },
};
