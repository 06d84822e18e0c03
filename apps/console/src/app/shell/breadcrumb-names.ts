/**
 * Names for id segments in the breadcrumbs. A feature registers a lookup for the segment that precedes its
 * ids, e.g. `services` → the service name of `/services/12`. Register through a feature module's `crumbNames`.
 */
import type { CrumbNameLookup } from '../../lib/feature-module.ts';

const lookups = new Map<string, CrumbNameLookup>();

export function registerCrumbName(parentSegment: string, lookup: CrumbNameLookup) {
  lookups.set(parentSegment, lookup);
}

export function crumbNameLookup(parentSegment: string): CrumbNameLookup | undefined {
  return lookups.get(parentSegment);
}
