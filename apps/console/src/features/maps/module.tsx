import { lazyScreen } from '../../components/lazy-screen.tsx';
import { NumericRoute } from '../../components/numeric-route.tsx';
import type { FeatureModule } from '../../lib/feature-module.ts';
import { fetchMap } from './maps-api.ts';

const mapTitle = async (id: string) => (await fetchMap(id)).title;

/** Maps and their locations (spec part 2 §2), and the place search's page: each screen its own chunk. */
export const mapsModule: FeatureModule = {
  routes: [
    { path: 'maps', element: lazyScreen(() => import('./maps-page.tsx').then((file) => file.MapsPage)) },
    // the spec's development page of POST /google/places, reached from the maps list
    {
      path: 'places',
      element: lazyScreen(() => import('./places-page.tsx').then((file) => file.PlacesPage)),
    },
    {
      path: 'maps/:mapId',
      element: (
        <NumericRoute>
          {lazyScreen(() => import('./map-form-page.tsx').then((file) => file.MapFormPage))}
        </NumericRoute>
      ),
    },
    {
      path: 'locations/:mapId',
      element: (
        <NumericRoute>
          {lazyScreen(() => import('./locations-page.tsx').then((file) => file.LocationsPage))}
        </NumericRoute>
      ),
    },
    {
      path: 'locations/:mapId/:locationId',
      element: (
        <NumericRoute>
          {lazyScreen(() => import('./location-form-page.tsx').then((file) => file.LocationFormPage))}
        </NumericRoute>
      ),
    },
  ],
  crumbNames: { maps: mapTitle, locations: mapTitle },
};
