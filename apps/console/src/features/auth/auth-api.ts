import type { LoginRequest, RegisterRequest, SocialRegisterRequest } from '@hiwar/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

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

/** How this server takes sign-ups (the operator's SIGNUP); 'open' until known, so nothing flickers away. */
export function useSignupMode(): SignupMode {
  const answer = useQuery({
    queryKey: ['passport', 'signup'],
    queryFn: async () => (await api.get<{ data: { signup: SignupMode } }>('/passport/signup')).data.signup,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  return answer.data === 'verify' || answer.data === 'closed' ? answer.data : 'open';
}
