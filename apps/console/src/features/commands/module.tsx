import { Navigate, type RouteObject } from 'react-router';
import type { FeatureModule } from '../../app/feature-module.ts';
import { AdvertisesTab } from '../advertises/index.ts';
import { VariableFormPage, variableCrumbName } from '../variables/index.ts';
import { CommandAboutForm } from './command-about-form.tsx';
import { CommandPage } from './command-page.tsx';
import { ExamplesPanel, VariablesListPanel, VariablesPanel } from './command-tab-panels.tsx';
import { browseCommand } from './commands-api.ts';
import { CommandsPage } from './commands-page.tsx';

/** The tabs under /services/{service_id}/commands/{command_id}; a bare command path opens about. */
const commandTabRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="about" replace /> },
  { path: 'about', element: <CommandAboutForm /> },
  {
    path: 'variables',
    element: <VariablesPanel />,
    children: [
      { index: true, element: <VariablesListPanel /> },
      { path: ':variableId', element: <VariableFormPage /> },
    ],
  },
  { path: 'examples', element: <ExamplesPanel /> },
  { path: 'advertises', element: <AdvertisesTab /> },
];

export const commandsModule: FeatureModule = {
  routes: [
    { path: 'services/:serviceId/commands', element: <CommandsPage /> },
    { path: 'services/:serviceId/commands/:commandId', element: <CommandPage />, children: commandTabRoutes },
  ],
  crumbNames: {
    commands: async (id) => (await browseCommand(id)).command_name,
    variables: variableCrumbName,
  },
};
