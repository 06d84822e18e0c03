import { type LoginRequest, type LoginResponse, messages } from '@hiwar/contracts';
import { type IssuedToken, issueAccessToken } from '../../platform/auth/access-tokens.ts';
import { hashPassword } from '../../platform/crypto/passwords.ts';
import type { Database, DialectName } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { findUserByEmail, normaliseEmail } from '../users/user-repository.ts';
import { clearLoginFailures, releaseLoginAttempt, reserveLoginAttempt } from './login-throttle.ts';

/** Checks a password against a stored argon2 hash (tests count the checks through it). */
export type PasswordVerifier = (storedHash: string, password: string) => Promise<boolean>;

export interface LoginContext {
  db: Database;
  dialect: DialectName;
  tokenTtlDays: number;
  verifyPassword: PasswordVerifier;
}

let unknownUserHash: Promise<string> | null = null;

/** Verifying against a throwaway hash when the email is unknown keeps both failures equally slow. */
function hashForUnknownUser(): Promise<string> {
  unknownUserHash ??= hashPassword('no account has this password');
  return unknownUserHash;
}

/**
 * POST /passport/login. The attempt is reserved (counted as a failure) before the password is checked, so a
 * burst of concurrent guesses gets no more checks than the limit allows; a correct password releases it. The
 * limits are per email and address, and per address: a stranger who knows an owner's email cannot lock them
 * out, only slow the email down (login-throttle.ts).
 */
export async function login(
  context: LoginContext,
  request: LoginRequest,
  address: string,
): Promise<LoginResponse> {
  const { db } = context;
  const attempt = { email: normaliseEmail(request.email), address };
  const reservation = await reserveLoginAttempt(db, context.dialect, attempt);
  if (reservation === null) throw new AppError('throttled', messages.tooManyAttempts);
  if (reservation.delayMs > 0) await new Promise((resume) => setTimeout(resume, reservation.delayMs));
  const reservationId = reservation.id;
  const user = await findUserByEmail(db, attempt.email);
  const passwordMatches = await context.verifyPassword(
    user?.password_hash ?? (await hashForUnknownUser()),
    request.password,
  );
  if (!user || !passwordMatches) throw new AppError('unauthenticated', messages.invalidCredentials);
  if (user.user_status !== 1) {
    await releaseLoginAttempt(db, reservationId);
    throw new AppError('forbidden', messages.accountNotActive);
  }
  // forgives this address's failures for the email, the reservation among them
  await clearLoginFailures(db, attempt);
  return signInAnswerOf(await issueAccessToken(db, user.user_id, context.tokenTtlDays));
}

/** The answer of a sign-in: the bearer token the console keeps. */
export function signInAnswerOf(issued: IssuedToken): LoginResponse {
  return {
    status: 1,
    access_token: issued.accessToken,
    token_type: 'Bearer',
    expires_in: issued.expiresInSeconds,
  };
}
