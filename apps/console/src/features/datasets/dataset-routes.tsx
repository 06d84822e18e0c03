import type { ReactElement } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { lazyScreen } from '../../components/lazy-screen.tsx';
import { NumericRoute } from '../../components/numeric-route.tsx';

interface DatasetRoutesOptions {
  /** the list's path segment (`dataset`, `menus`) */
  segment: string;
  /** the id's route param (`datasetId`, `menuId`) */
  idParam: string;
  /** the list's and the form's screens (`lazyScreen` elements) */
  list: ReactElement;
  form: ReactElement;
  /** tabs after Structure and Data, each `{segment}/{id}/{path}` */
  moreTabs?: RouteObject[];
}

/**
 * The routes of one kind of dataset: the list, and the form at `{segment}/{id}` (only numbers: other text goes
 * to /404) opening its Structure tab, with the Data tab and the kind's own tabs. Each screen is its own chunk.
 */
export function datasetRoutes({ segment, idParam, list, form, moreTabs = [] }: DatasetRoutesOptions) {
  return [
    { path: segment, element: list },
    {
      path: `${segment}/:${idParam}`,
      element: <NumericRoute>{form}</NumericRoute>,
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
        ...moreTabs,
      ],
    },
  ] satisfies RouteObject[];
}
