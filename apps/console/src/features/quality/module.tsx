import type { FeatureModule } from '../../app/feature-module.ts';
import { lazyScreen } from '../../app/lazy-screen.tsx';

export const qualityModule: FeatureModule = {
  routes: [
    {
      path: 'quality',
      element: lazyScreen(() => import('./quality-page.tsx').then((file) => file.QualityPage)),
    },
  ],
};
