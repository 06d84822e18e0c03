import type { LoginRequest, RegisterRequest, SocialRegisterRequest } from '@hiwar/contracts';
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

export function logout() {
  return api.post('/passport/logout');
}
