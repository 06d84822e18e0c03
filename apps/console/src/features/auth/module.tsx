import type { RouteObject } from 'react-router';
import { ActivateAccountPage } from './activate-account-page.tsx';
import { LoginPage } from './login-page.tsx';
import { LogoutPage } from './logout-page.tsx';
import { PasswordResetPage } from './password-reset-page.tsx';
import { RegisterPage } from './register-page.tsx';
import { SocialRegisterPage } from './social-register-page.tsx';

/** The visitor pages under /user (spec part 1 §2); the router wraps them in the visitor-only guard. */
export const visitorRoutes: RouteObject[] = [
  { path: 'user/login', element: <LoginPage /> },
  { path: 'user/register', element: <RegisterPage /> },
  { path: 'user/social_register/:token', element: <SocialRegisterPage /> },
  { path: 'user/activate_account/:user_id/:code', element: <ActivateAccountPage /> },
  { path: 'user/validate_remember_password', element: <PasswordResetPage /> },
];

/** Needs a sign-in, shows no frame. */
export const logoutRoute: RouteObject = { path: 'user/logout', element: <LogoutPage /> };
