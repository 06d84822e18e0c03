import { Navigate, type RouteObject } from 'react-router';
import { lazyScreen } from '../../components/lazy-screen.tsx';
import { browseCommand } from '../../lib/commands-api.ts';
import type { FeatureModule } from '../../lib/feature-module.ts';
import { responseEditorRoutes } from '../responses/index.ts';

const loadTabPanels = () => import('./command-tab-panels.tsx');

/** The tabs under /services/{service_id}/commands/{command_id}; a bare command path opens about. */
const commandTabRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="about" replace /> },
  {
    path: 'about',
    element: lazyScreen(() => import('./command-about-form.tsx').then((file) => file.CommandAboutForm)),
  },
  {
    path: 'variables',
    element: lazyScreen(() => loadTabPanels().then((file) => file.VariablesPanel)),
    children: [
      { index: true, element: lazyScreen(() => loadTabPanels().then((file) => file.VariablesListPanel)) },
      {
        path: ':variableId',
        element: lazyScreen(() => import('../variables/index.ts').then((file) => file.VariableFormPage)),
      },
    ],
  },
  { path: 'examples', element: lazyScreen(() => loadTabPanels().then((file) => file.ExamplesPanel)) },
  ...responseEditorRoutes,
  {
    path: 'advertises',
    element: lazyScreen(() => import('../advertises/index.ts').then((file) => file.AdvertisesTab)),
  },
];

export const commandsModule: FeatureModule = {
  routes: [
    {
      path: 'services/:serviceId/commands',
      element: lazyScreen(() => import('./commands-page.tsx').then((file) => file.CommandsPage)),
    },
    {
      path: 'services/:serviceId/commands/:commandId',
      element: lazyScreen(() => import('./command-page.tsx').then((file) => file.CommandPage)),
      children: commandTabRoutes,
    },
  ],
  crumbNames: { commands: async (id) => (await browseCommand(id)).command_name },
};
