import type { FeatureModule } from '../../app/feature-module.ts';
import { DebuggerPage } from './debugger-page.tsx';

export const debuggerModule: FeatureModule = {
  routes: [{ path: 'debugger', element: <DebuggerPage /> }],
};
