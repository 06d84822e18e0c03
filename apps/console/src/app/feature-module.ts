import type { RouteObject } from 'react-router';
import type { CrumbNameLookup } from './shell/breadcrumb-names.ts';

/**
 * What a feature folder hands the frame. To add a feature: create `features/<name>/module.tsx` exporting one of
 * these, list it in `features.ts`, add its sidebar entry in `shell/sidebar-entries.ts` (if it has one) and its
 * strings under a `<name>` section of both locale files.
 */
export interface FeatureModule {
  /** routes inside the signed-in frame, paths relative to the root (e.g. `services/:serviceId`) */
  routes: RouteObject[];
  /** id-segment name lookups for the breadcrumbs, keyed by the segment before the id */
  crumbNames?: Record<string, CrumbNameLookup>;
}
