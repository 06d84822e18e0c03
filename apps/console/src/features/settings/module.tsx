import type { FeatureModule } from '../../app/feature-module.ts';
import { lazyScreen } from '../../app/lazy-screen.tsx';

export const settingsModule: FeatureModule = {
  routes: [
    {
      path: 'settings',
      element: lazyScreen(() => import('./settings-page.tsx').then((file) => file.SettingsPage)),
    },
  ],
};
