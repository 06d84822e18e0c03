import type { FeatureModule } from '../../app/feature-module.ts';
import { DashboardPage } from './dashboard-page.tsx';

export const dashboardModule: FeatureModule = {
  routes: [{ path: 'dashboard', element: <DashboardPage /> }],
};
