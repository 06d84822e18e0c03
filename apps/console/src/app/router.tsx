import { createHashRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { lazyScreen } from '../components/lazy-screen.tsx';
import {
  confirmEmailRoute,
  logoutRoute,
  socialSigninRoute,
  visitorRoutes,
} from '../features/auth/module.tsx';
import type { FeatureModule } from '../lib/feature-module.ts';
import { featureModules } from './features.ts';
import { RequireSignIn, VisitorOnly } from './route-guards.tsx';
import { AppFrame } from './shell/app-frame.tsx';
import { registerCrumbName } from './shell/breadcrumb-names.ts';
import { FrameWhenSignedIn } from './shell/frame-when-signed-in.tsx';
import { RequestOverlay } from './shell/request-overlay.tsx';
import { VisitorLayout } from './shell/visitor-layout.tsx';

const notFoundScreen = lazyScreen(() =>
  import('./not-found/not-found-page.tsx').then((file) => file.NotFoundPage),
);

function Root() {
  return (
    <>
      <RequestOverlay />
      <Outlet />
    </>
  );
}

function registerCrumbNames(modules: FeatureModule[]) {
  for (const module of modules) {
    for (const [segment, lookup] of Object.entries(module.crumbNames ?? {}))
      registerCrumbName(segment, lookup);
  }
}

/** The route table (spec part 1 §2): visitor pages, the signed-in frame, /404 and the redirects. */
export function buildRoutes(modules: FeatureModule[] = featureModules): RouteObject[] {
  registerCrumbNames(modules);
  return [
    {
      element: <Root />,
      children: [
        { index: true, element: <Navigate to="/dashboard" replace /> },
        { path: 'user', element: <Navigate to="/user/login" replace /> },
        { element: <VisitorOnly />, children: [{ element: <VisitorLayout />, children: visitorRoutes }] },
        { element: <VisitorLayout />, children: [confirmEmailRoute, socialSigninRoute] },
        {
          element: <RequireSignIn />,
          children: [{ element: <AppFrame />, children: modules.flatMap((m) => m.routes) }, logoutRoute],
        },
        {
          element: <FrameWhenSignedIn />,
          children: [{ path: '404', element: notFoundScreen }],
        },
        { path: '*', element: <Navigate to="/404" replace /> },
      ],
    },
  ];
}

export function createAppRouter() {
  return createHashRouter(buildRoutes());
}
