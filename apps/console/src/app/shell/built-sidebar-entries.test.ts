import { describe, expect, it } from 'vitest';
import type { FeatureModule } from '../../lib/feature-module.ts';
import { featureModules } from '../features.ts';
import { builtSidebarEntries } from './built-sidebar-entries.ts';
import { sidebarEntries } from './sidebar-entries.ts';

const screen = { element: null };

describe('builtSidebarEntries', () => {
  it('keeps the spec order and leaves out entries no feature routes', () => {
    const modules: FeatureModule[] = [
      {
        routes: [
          { path: 'services', ...screen },
          { path: 'services/:serviceId', ...screen },
        ],
      },
      { routes: [{ path: 'dashboard', ...screen }] },
    ];
    expect(builtSidebarEntries(modules).map((entry) => entry.id)).toEqual([
      'dashboard',
      'services',
      'logout',
    ]);
  });

  it('reads only the first segment of a route path, so a deeper route does not show an unbuilt entry', () => {
    const modules: FeatureModule[] = [{ routes: [{ path: 'dataset-preview/:id', ...screen }] }];
    expect(builtSidebarEntries(modules).map((entry) => entry.id)).toEqual(['logout']);
  });

  it('shows, for the console as built, only entries whose first screen is routed', () => {
    const routed = new Set(featureModules.flatMap((module) => module.routes.map((route) => route.path)));
    for (const entry of builtSidebarEntries()) {
      if (entry.id !== 'logout') expect(routed).toContain(entry.path.slice(1));
    }
    expect(builtSidebarEntries().length).toBeLessThanOrEqual(sidebarEntries.length);
    expect(builtSidebarEntries().map((entry) => entry.id)).toContain('services');
  });
});
