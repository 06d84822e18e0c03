import { chatbotModule } from '../features/chatbot/module.tsx';
import { commandsModule } from '../features/commands/module.tsx';
import { conversationsModule } from '../features/conversations/module.tsx';
import { dashboardModule } from '../features/dashboard/module.tsx';
import { dataSourcesModule } from '../features/data-sources/module.tsx';
import { menusModule } from '../features/datasets/menus/module.tsx';
import { datasetsModule } from '../features/datasets/module.tsx';
import { debuggerModule } from '../features/debugger/module.tsx';
import { mapsModule } from '../features/maps/module.tsx';
import { qualityModule } from '../features/quality/module.tsx';
import { scenarioModule } from '../features/scenario/module.tsx';
import { servicesModule } from '../features/services/module.tsx';
import { settingsModule } from '../features/settings/module.tsx';
import { subscriptionsModule } from '../features/subscriptions/module.tsx';
import { variablesModule } from '../features/variables/module.tsx';
import type { FeatureModule } from '../lib/feature-module.ts';

/** Every feature inside the signed-in frame. A sidebar entry shows once a module here routes its path. */
export const featureModules: FeatureModule[] = [
  dashboardModule,
  chatbotModule,
  settingsModule,
  servicesModule,
  commandsModule,
  variablesModule,
  scenarioModule,
  subscriptionsModule,
  datasetsModule,
  menusModule,
  dataSourcesModule,
  debuggerModule,
  qualityModule,
  conversationsModule,
  mapsModule,
];
