import type { FeatureModule } from '../../app/feature-module.ts';
import { ScenarioPage } from './scenario-page.tsx';

/** Spec: /scenario and /simple_scenario are the same screen. */
export const scenarioModule: FeatureModule = {
  routes: [
    { path: 'scenario', element: <ScenarioPage /> },
    { path: 'simple_scenario', element: <ScenarioPage /> },
  ],
};
