import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';

/**
 * A breadcrumb name for an id segment (`/services/12` → the service's name). The client lets a lookup share a
 * query the screen makes anyway (the same key, one request).
 */
export type CrumbNameLookup = (id: string, queryClient: QueryClient) => Promise<string>;

/**
 * What a feature folder hands the frame. To add a feature: create `features/<name>/module.tsx` exporting one of
 * these, list it in `app/features.ts`, add its sidebar entry in `app/shell/sidebar-entries.ts` (if it has one)
 * and its strings under a `<name>` section of both locale files.
 */
export interface FeatureModule {
  /** routes inside the signed-in frame, paths relative to the root (e.g. `services/:serviceId`) */
  routes: RouteObject[];
  /** id-segment name lookups for the breadcrumbs, keyed by the segment before the id */
  crumbNames?: Record<string, CrumbNameLookup>;
}
