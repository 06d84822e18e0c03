import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../components/lazy-screen.tsx';

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

/**
 * Where Facebook's callback brings an existing account: it signs in and goes on to the page the sign-in started
 * from itself, so it is outside the visitor-only guard (which would send the new session to the root first).
 */
export const socialSigninRoute: RouteObject = {
  path: 'user/social_signin/:token',
  element: lazyScreen(() => import('./social-signin-page.tsx').then((file) => file.SocialSigninPage)),
};

/** Needs a sign-in, shows no frame. */
export const logoutRoute: RouteObject = {
  path: 'user/logout',
  element: lazyScreen(() => import('./logout-page.tsx').then((file) => file.LogoutPage)),
};
