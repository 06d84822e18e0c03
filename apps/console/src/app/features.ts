import { dashboardModule } from '../features/dashboard/module.tsx';
import { settingsModule } from '../features/settings/module.tsx';
import type { FeatureModule } from './feature-module.ts';

/** Every feature inside the signed-in frame. A sidebar entry without a module here leads to /404. */
export const featureModules: FeatureModule[] = [dashboardModule, settingsModule];
