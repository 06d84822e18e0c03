import { messages, type RegisterRequest, type SocialRegisterRequest } from '@hiwar/contracts';
import { type IssuedToken, issueAccessToken } from '../../platform/auth/access-tokens.ts';
import type { Config } from '../../platform/config.ts';
import { hashPassword } from '../../platform/crypto/passwords.ts';
import { createOpaqueToken, hashToken } from '../../platform/crypto/tokens.ts';
import type { Database } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { createAccount } from './create-account.ts';
import { linkIdentity } from './social-identity-repository.ts';
import { takePendingSocialSignin } from './social-signin-repository.ts';
import {
  activatePendingUser,
  deletePendingUser,
  normaliseEmail,
  renewActivationCode,
} from './user-repository.ts';

/** POST /passport/register: an active web account; the console signs in right after. */
export async function registerActiveAccount(db: Database, request: RegisterRequest): Promise<number> {
  const passwordHash = await hashPassword(request.user_password);
  return createAccount(db, { ...request, passwordHash }, { regDriver: 'web', status: 1 });
}

export function activationLinkOf(config: Config, userId: number, code: string): string {
  return `${config.publicUrl}/#/user/activate_account/${userId}/${encodeURIComponent(code)}`;
}

function activationMail(config: Config, to: string, name: string, userId: number, code: string) {
  return {
    to,
    subject: 'Activate your Hiwar account',
    text: `Hello ${name},\n\nopen this link to activate your account:\n${activationLinkOf(config, userId, code)}\n`,
  };
}

/** POST /user/resend_activation: a new link for a pending account (the old one stops working); quiet otherwise. */
export async function resendActivation(db: Database, config: Config, mailer: Mailer, email: string) {
  const code = createOpaqueToken();
  const pending = await renewActivationCode(db, normaliseEmail(email), hashToken(code));
  if (pending) await mailer.send(activationMail(config, email, pending.user_fullname, pending.user_id, code));
}

/** POST /user/register/: a pending account and an activation link sent by mail. */
export async function registerPendingAccount(
  db: Database,
  config: Config,
  mailer: Mailer,
  request: RegisterRequest,
): Promise<number> {
  const code = createOpaqueToken();
  const passwordHash = await hashPassword(request.user_password);
  const userId = await createAccount(
    db,
    { ...request, passwordHash },
    {
      regDriver: 'web',
      status: 0,
      activationCodeHash: hashToken(code),
    },
  );
  try {
    await mailer.send(activationMail(config, request.user_email, request.user_fullname, userId, code));
  } catch (error) {
    // an account nobody can activate would block the email and username: undo it
    await deletePendingUser(db, userId);
    throw error;
  }
  return userId;
}

/** GET /user/activate/{user_id}/{code} */
export async function activateAccount(db: Database, userId: number, code: string): Promise<void> {
  const activated = await activatePendingUser(db, userId, hashToken(code));
  if (!activated) throw new AppError('not_found', messages.activationInvalid);
}

/**
 * POST /user/social_register: consumes the pending provider sign-in and creates the account with that
 * provider as its registration driver and the provider's person linked to it, in one transaction, then signs
 * the new user in, from the browser the provider sent back only. The email is the one the provider proved, so the account needs no activation mail; a refused
 * form (a taken username) leaves the pending sign-in for another try.
 */
export async function completeSocialRegistration(
  db: Database,
  config: Config,
  request: SocialRegisterRequest,
  browser: string,
): Promise<IssuedToken> {
  const passwordHash = await hashPassword(request.user_password);
  return db.transaction().execute(async (trx) => {
    const signin = await takePendingSocialSignin(trx, request.user_token, browser);
    if (!signin) throw new AppError('not_found', messages.errorAccessToken);
    if (normaliseEmail(request.user_email) !== normaliseEmail(signin.email)) {
      throw AppError.invalidField('user_email', messages.socialEmailMismatch);
    }
    const userId = await createAccount(
      trx,
      { ...request, passwordHash },
      { regDriver: signin.provider, status: 1, isEmailVerified: true },
    );
    if (!(await linkIdentity(trx, userId, signin))) {
      throw new AppError('conflict', messages.socialIdentityTaken);
    }
    return issueAccessToken(trx, userId, config.tokenTtlDays);
  });
}
