import type { RegisterRequest } from '@hiwar/contracts';
import { useMutation } from '@tanstack/react-query';
import { setToken } from '../../lib/auth-token.ts';
import { login, register } from './auth-api.ts';

export type RegistrationOutcome = 'signed-in' | 'awaiting-verification';

/** Registers, then signs in with the same credentials (spec §4); a refused sign-in means "verify your email". */
export async function registerAndSignIn(registration: RegisterRequest): Promise<RegistrationOutcome> {
  await register(registration);
  try {
    setToken(await login({ email: registration.user_email, password: registration.user_password }));
    return 'signed-in';
  } catch {
    return 'awaiting-verification';
  }
}

export function useRegistration() {
  return useMutation({ mutationFn: registerAndSignIn });
}
