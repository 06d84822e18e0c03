import { lazyScreen } from '../../components/lazy-screen.tsx';
import type { FeatureModule } from '../../lib/feature-module.ts';

export const debuggerModule: FeatureModule = {
  routes: [
    {
      path: 'debugger',
      element: lazyScreen(() => import('./debugger-page.tsx').then((file) => file.DebuggerPage)),
    },
  ],
};
