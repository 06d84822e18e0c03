import { lazyScreen } from '../../components/lazy-screen.tsx';
import type { FeatureModule } from '../../lib/feature-module.ts';

export const settingsModule: FeatureModule = {
  routes: [
    {
      path: 'settings',
      element: lazyScreen(() => import('./settings-page.tsx').then((file) => file.SettingsPage)),
    },
  ],
};
