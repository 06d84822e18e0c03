import type { FeatureModule } from '../../app/feature-module.ts';
import { SettingsPage } from './settings-page.tsx';

export const settingsModule: FeatureModule = {
  routes: [{ path: 'settings', element: <SettingsPage /> }],
};
