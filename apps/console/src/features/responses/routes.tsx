import { Navigate, type RouteObject } from 'react-router';
import { lazyScreen } from '../../components/lazy-screen.tsx';

const loadSteps = () => import('./response-step-screens.tsx');

/**
 * The command response editor under `/services/{s}/commands/{c}/result/` (spec part 2 §2), one lazy screen per
 * step inside the editor frame; `response` (the command's tab) opens the type step.
 */
export const responseEditorRoutes: RouteObject[] = [
  { path: 'response', element: <Navigate to="../result/type" replace /> },
  {
    path: 'result',
    element: lazyScreen(() => import('./response-editor.tsx').then((file) => file.ResponseEditor)),
    children: [
      { index: true, element: <Navigate to="type" replace /> },
      { path: 'type', element: lazyScreen(() => import('./type-step.tsx').then((file) => file.TypeStep)) },
      {
        path: 'options/:responseType?',
        element: lazyScreen(() => import('./options-step.tsx').then((file) => file.OptionsStep)),
      },
      {
        path: 'template/:responseType?',
        element: lazyScreen(() => import('./template-step.tsx').then((file) => file.TemplateStep)),
      },
      { path: 'extra-options', element: lazyScreen(() => loadSteps().then((file) => file.ExtraOptionsStep)) },
      { path: 'fallback', element: lazyScreen(() => loadSteps().then((file) => file.FallbackStep)) },
      { path: 'user-data', element: lazyScreen(() => loadSteps().then((file) => file.UserDataScreen)) },
      {
        path: 'response-actions',
        element: lazyScreen(() => loadSteps().then((file) => file.ResponseActionsScreen)),
      },
      {
        path: 'advertises',
        element: lazyScreen(() => import('../advertises/index.ts').then((file) => file.AdvertisesTab)),
      },
    ],
  },
];
