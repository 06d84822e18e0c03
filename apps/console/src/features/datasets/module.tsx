import { lazyScreen } from '../../components/lazy-screen.tsx';
import type { FeatureModule } from '../../lib/feature-module.ts';
import { datasetRoutes } from './dataset-routes.tsx';
import { fetchDataset } from './datasets-api.ts';

/** Datasets (spec part 2 §2): the list, and the form with its Structure and Data tabs, each its own chunk. */
export const datasetsModule: FeatureModule = {
  routes: datasetRoutes({
    segment: 'dataset',
    idParam: 'datasetId',
    list: lazyScreen(() => import('./datasets-page.tsx').then((file) => file.DatasetsPage)),
    form: lazyScreen(() => import('./dataset-form-page.tsx').then((file) => file.DatasetFormPage)),
  }),
  crumbNames: { dataset: async (id) => (await fetchDataset(id)).ds_name },
};
