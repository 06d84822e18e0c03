import type { RouteObject } from 'react-router';
import type { FeatureModule } from '../../lib/feature-module.ts';
import { featureModules } from '../features.ts';
import { type SidebarEntry, sidebarEntries } from './sidebar-entries.ts';

/** The first segment of each top-level route path a feature routes (`services/:serviceId` → `services`). */
function routedSegments(routes: RouteObject[]): Set<string> {
  const segments = new Set<string>();
  for (const route of routes) {
    const first = route.path?.split('/')[0];
    if (first) segments.add(first);
  }
  return segments;
}

/**
 * The sidebar's entries whose screen is built: an entry of a feature that no module routes yet is left out
 * rather than leading to /404. Logout is routed by the auth module, outside the frame, and always shows.
 */
export function builtSidebarEntries(modules: FeatureModule[] = featureModules): SidebarEntry[] {
  const routed = routedSegments(modules.flatMap((module) => module.routes));
  return sidebarEntries.filter((entry) => entry.id === 'logout' || routed.has(entry.path.replace(/^\//, '')));
}
