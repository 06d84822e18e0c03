import type { FeatureModule } from '../../app/feature-module.ts';
import { lazyScreen } from '../../app/lazy-screen.tsx';

const loadScenarioPage = () => import('./scenario-page.tsx').then((file) => file.ScenarioPage);

/** Spec: /scenario and /simple_scenario are the same screen. */
export const scenarioModule: FeatureModule = {
  routes: [
    { path: 'scenario', element: lazyScreen(loadScenarioPage) },
    { path: 'simple_scenario', element: lazyScreen(loadScenarioPage) },
  ],
};
