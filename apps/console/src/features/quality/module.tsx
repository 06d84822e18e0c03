import { lazyScreen } from '../../components/lazy-screen.tsx';
import type { FeatureModule } from '../../lib/feature-module.ts';

export const qualityModule: FeatureModule = {
  routes: [
    {
      path: 'quality',
      element: lazyScreen(() => import('./quality-page.tsx').then((file) => file.QualityPage)),
    },
  ],
};
