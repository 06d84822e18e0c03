import { Navigate, Outlet, useLocation } from 'react-router';
import { useIsSignedIn } from '../lib/auth-token.ts';

const LOGOUT_PATH = '/user/logout';

/** Everything except the visitor pages: a visitor goes to the login page, which brings them back here. */
export function RequireSignIn() {
  const isSignedIn = useIsSignedIn();
  const { pathname, search } = useLocation();
  if (isSignedIn) return <Outlet />;
  // Signing out ends here: no redirect back to the logout page after the next sign-in.
  if (pathname === LOGOUT_PATH) return <Navigate to="/user/login" replace />;
  const redirect = encodeURIComponent(`${pathname}${search}`);
  return <Navigate to={`/user/login?redirect=${redirect}`} replace />;
}

/** Login, register and the other visitor pages: a signed-in user goes to the root. */
export function VisitorOnly() {
  const isSignedIn = useIsSignedIn();
  return isSignedIn ? <Navigate to="/" replace /> : <Outlet />;
}
