import type { FeatureModule } from '../../app/feature-module.ts';
import { lazyScreen } from '../../app/lazy-screen.tsx';
import { fetchMap } from './maps-api.ts';

const mapTitle = async (id: string) => (await fetchMap(id)).title;

/** Maps and their locations (spec part 2 §2): lists and forms, each screen its own chunk. */
export const mapsModule: FeatureModule = {
  routes: [
    { path: 'maps', element: lazyScreen(() => import('./maps-page.tsx').then((file) => file.MapsPage)) },
    {
      path: 'maps/:mapId',
      element: lazyScreen(() => import('./map-form-page.tsx').then((file) => file.MapFormPage)),
    },
    {
      path: 'locations/:mapId',
      element: lazyScreen(() => import('./locations-page.tsx').then((file) => file.LocationsPage)),
    },
    {
      path: 'locations/:mapId/:locationId',
      element: lazyScreen(() => import('./location-form-page.tsx').then((file) => file.LocationFormPage)),
    },
  ],
  crumbNames: { maps: mapTitle, locations: mapTitle },
};
