import type { FeatureModule } from '../../app/feature-module.ts';
import { lazyScreen } from '../../app/lazy-screen.tsx';

export const debuggerModule: FeatureModule = {
  routes: [
    {
      path: 'debugger',
      element: lazyScreen(() => import('./debugger-page.tsx').then((file) => file.DebuggerPage)),
    },
  ],
};
