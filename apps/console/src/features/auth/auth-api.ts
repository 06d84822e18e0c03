import type {
  LoginRequest,
  PendingSocialSignin,
  RegisterRequest,
  SocialRegisterRequest,
} from '@hiwar/contracts';
import { useQuery } from '@tanstack/react-query';
import { API_BASE, api } from '../../lib/api-client.ts';
import { safeRedirectPath } from './redirect-path.ts';

interface TokenAnswer {
  access_token: string;
}

export async function login(credentials: LoginRequest): Promise<string> {
  const answer = await api.post<TokenAnswer>('/passport/login', credentials);
  return answer.access_token;
}

export function register(registration: RegisterRequest) {
  return api.post('/passport/register', registration);
}

export async function socialRegister(registration: SocialRegisterRequest): Promise<string> {
  const answer = await api.post<TokenAnswer>('/user/social_register', registration);
  return answer.access_token;
}

/** The pending sign-in a social register page completes: who Facebook said the person is. */
export async function fetchPendingSocialSignin(token: string): Promise<PendingSocialSignin> {
  const answer = await api.get<{ data: PendingSocialSignin }>(
    `/user/social_register/${encodeURIComponent(token)}`,
  );
  return answer.data;
}

/** The ticket the Facebook callback gave an existing account, traded for its bearer token. */
export async function socialLogin(token: string): Promise<string> {
  const answer = await api.post<TokenAnswer>('/passport/social_login', { token });
  return answer.access_token;
}

/**
 * Where "Continue with Facebook" goes: a full page load of the server's route, which sends the browser to
 * Facebook's dialog and, once back, to the console page that finishes the sign-in (then to `redirect`).
 */
export function facebookSigninHref(redirect: string | null): string {
  const path = safeRedirectPath(redirect);
  return `${API_BASE}/passport/facebook${path === '/' ? '' : `?redirect=${encodeURIComponent(path)}`}`;
}

export function activateAccount(userId: string, code: string) {
  return api.get(`/user/activate/${encodeURIComponent(userId)}/${encodeURIComponent(code)}`);
}

/** The link mailed to a new email address (SIGNUP=verify). */
export function confirmEmail(userId: string, code: string) {
  return api.get(`/user/confirm_email/${encodeURIComponent(userId)}/${encodeURIComponent(code)}`);
}

export function logout() {
  return api.post('/passport/logout');
}

export function resendActivation(email: string) {
  return api.post('/user/resend_activation', { email });
}

type SignupMode = 'open' | 'verify' | 'closed';

interface SignupSettings {
  signup: SignupMode;
  /** the operator set a Facebook app: the sign-in and sign-up pages offer "Continue with Facebook" */
  facebook: boolean;
}

/**
 * How this server takes sign-ups (the operator's SIGNUP) and whether it offers Facebook; 'open' and no Facebook
 * until known, so nothing flickers away.
 */
export function useSignupSettings(): SignupSettings {
  const answer = useQuery({
    queryKey: ['passport', 'signup'],
    queryFn: async () => (await api.get<{ data: Partial<SignupSettings> }>('/passport/signup')).data,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const signup = answer.data?.signup;
  return {
    signup: signup === 'verify' || signup === 'closed' ? signup : 'open',
    facebook: answer.data?.facebook === true,
  };
}
