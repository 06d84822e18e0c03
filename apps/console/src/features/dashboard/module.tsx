import type { FeatureModule } from '../../app/feature-module.ts';
import { lazyScreen } from '../../app/lazy-screen.tsx';

export const dashboardModule: FeatureModule = {
  routes: [
    {
      path: 'dashboard',
      element: lazyScreen(() => import('./dashboard-page.tsx').then((file) => file.DashboardPage)),
    },
  ],
};
