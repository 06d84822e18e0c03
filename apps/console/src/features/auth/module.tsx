import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../app/lazy-screen.tsx';

/** The visitor pages under /user (spec part 1 §2); the router wraps them in the visitor-only guard. */
export const visitorRoutes: RouteObject[] = [
  {
    path: 'user/login',
    element: lazyScreen(() => import('./login-page.tsx').then((file) => file.LoginPage)),
  },
  {
    path: 'user/register',
    element: lazyScreen(() => import('./register-page.tsx').then((file) => file.RegisterPage)),
  },
  {
    path: 'user/social_register/:token',
    element: lazyScreen(() => import('./social-register-page.tsx').then((file) => file.SocialRegisterPage)),
  },
  {
    path: 'user/activate_account/:user_id/:code',
    element: lazyScreen(() => import('./activate-account-page.tsx').then((file) => file.ActivateAccountPage)),
  },
  {
    path: 'user/validate_remember_password',
    element: lazyScreen(() => import('./password-reset-page.tsx').then((file) => file.PasswordResetPage)),
  },
];

/** The link mailed to a new email address: works signed in or not, so outside the visitor-only guard. */
export const confirmEmailRoute: RouteObject = {
  path: 'user/confirm_email/:user_id/:code',
  element: lazyScreen(() => import('./activate-account-page.tsx').then((file) => file.ConfirmEmailPage)),
};

/** Needs a sign-in, shows no frame. */
export const logoutRoute: RouteObject = {
  path: 'user/logout',
  element: lazyScreen(() => import('./logout-page.tsx').then((file) => file.LogoutPage)),
};
