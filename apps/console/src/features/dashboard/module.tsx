import { lazyScreen } from '../../components/lazy-screen.tsx';
import type { FeatureModule } from '../../lib/feature-module.ts';

export const dashboardModule: FeatureModule = {
  routes: [
    {
      path: 'dashboard',
      element: lazyScreen(() => import('./dashboard-page.tsx').then((file) => file.DashboardPage)),
    },
  ],
};
