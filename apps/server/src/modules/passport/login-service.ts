import { type LoginRequest, type LoginResponse, messages } from '@hiwar/contracts';
import { issueAccessToken } from '../../platform/auth/access-tokens.ts';
import { hashPassword, verifyPassword } from '../../platform/crypto/passwords.ts';
import type { Database } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { findUserByEmail, normaliseEmail } from '../users/user-repository.ts';
import { clearLoginFailures, isLoginThrottled, recordLoginFailure } from './login-throttle.ts';

let unknownUserHash: Promise<string> | null = null;

/** Verifying against a throwaway hash when the email is unknown keeps both failures equally slow. */
function hashForUnknownUser(): Promise<string> {
  unknownUserHash ??= hashPassword('no account has this password');
  return unknownUserHash;
}

/** POST /passport/login */
export async function login(
  db: Database,
  request: LoginRequest,
  address: string,
  tokenTtlDays: number,
): Promise<LoginResponse> {
  const attempt = { email: normaliseEmail(request.email), address };
  if (await isLoginThrottled(db, attempt)) throw new AppError('throttled', messages.tooManyAttempts);
  const user = await findUserByEmail(db, attempt.email);
  const passwordMatches = await verifyPassword(
    user?.password_hash ?? (await hashForUnknownUser()),
    request.password,
  );
  if (!user || !passwordMatches) {
    await recordLoginFailure(db, attempt);
    throw new AppError('unauthenticated', messages.invalidCredentials);
  }
  if (user.user_status !== 1) throw new AppError('forbidden', messages.accountNotActive);
  await clearLoginFailures(db, attempt.email);
  const issued = await issueAccessToken(db, user.user_id, tokenTtlDays);
  return {
    status: 1,
    access_token: issued.accessToken,
    token_type: 'Bearer',
    expires_in: issued.expiresInSeconds,
  };
}
