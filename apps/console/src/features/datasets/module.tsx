import { Navigate } from 'react-router';
import type { FeatureModule } from '../../app/feature-module.ts';
import { lazyScreen } from '../../app/lazy-screen.tsx';
import { NumericRoute } from '../../app/numeric-route.tsx';
import { fetchDataset } from './datasets-api.ts';

/** Datasets (spec part 2 §2): the list, and the form with its Structure and Data tabs, each its own chunk. */
export const datasetsModule: FeatureModule = {
  routes: [
    {
      path: 'dataset',
      element: lazyScreen(() => import('./datasets-page.tsx').then((file) => file.DatasetsPage)),
    },
    {
      path: 'dataset/:datasetId',
      element: (
        <NumericRoute>
          {lazyScreen(() => import('./dataset-form-page.tsx').then((file) => file.DatasetFormPage))}
        </NumericRoute>
      ),
      children: [
        { index: true, element: <Navigate to="structure" replace /> },
        {
          path: 'structure',
          element: lazyScreen(() =>
            import('./dataset-structure-tab.tsx').then((file) => file.DatasetStructureTab),
          ),
        },
        {
          path: 'data',
          element: lazyScreen(() => import('./dataset-data-tab.tsx').then((file) => file.DatasetDataTab)),
        },
      ],
    },
  ],
  crumbNames: { dataset: async (id) => (await fetchDataset(id)).ds_name },
};
