import { lazyScreen } from '../../components/lazy-screen.tsx';
import type { FeatureModule } from '../../lib/feature-module.ts';

const loadScenarioPage = () => import('./scenario-page.tsx').then((file) => file.ScenarioPage);

/** Spec: /scenario and /simple_scenario are the same screen. */
export const scenarioModule: FeatureModule = {
  routes: [
    { path: 'scenario', element: lazyScreen(loadScenarioPage) },
    { path: 'simple_scenario', element: lazyScreen(loadScenarioPage) },
  ],
};
