import { type FieldErrors, messages, type RegisterRequest } from '@hiwar/contracts';
import { nowIso } from '../../platform/db/clock.ts';
import { uniqueViolationColumns } from '../../platform/db/constraint-errors.ts';
import type { Database } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { findTakenIdentity, insertUser } from './user-repository.ts';

export interface AccountOptions {
  regDriver: string;
  /** 1 active, 0 pending activation */
  status: number;
  activationCodeHash?: string | null;
  /** the address is proven already (a provider such as Facebook gave it) */
  isEmailVerified?: boolean;
}

export type AccountFields = Pick<RegisterRequest, 'username' | 'user_fullname' | 'user_email'> & {
  /** hashed before any transaction starts: argon2 takes tens of milliseconds */
  passwordHash: string;
};

export function identityErrors(taken: { emailTaken: boolean; usernameTaken: boolean }): FieldErrors | null {
  const errors: FieldErrors = {};
  if (taken.emailTaken) errors.user_email = [messages.emailTaken];
  if (taken.usernameTaken) errors.username = [messages.usernameTaken];
  return Object.keys(errors).length > 0 ? errors : null;
}

/** Turns a lost race on the unique email or username into the same field errors as the check before it. */
export function rethrowIdentityConflict(error: unknown): never {
  const columns = uniqueViolationColumns(error);
  if (columns?.includes('user_email')) throw AppError.invalidField('user_email', messages.emailTaken);
  if (columns?.includes('username')) throw AppError.invalidField('username', messages.usernameTaken);
  throw error;
}

/** Creates a user after checking that email and username are free; answers the new user id. */
export async function createAccount(
  db: Database,
  fields: AccountFields,
  options: AccountOptions,
): Promise<number> {
  const taken = identityErrors(await findTakenIdentity(db, fields));
  if (taken) throw AppError.invalid(taken);
  try {
    return await insertUser(db, {
      username: fields.username,
      user_email: fields.user_email,
      user_fullname: fields.user_fullname,
      password_hash: fields.passwordHash,
      user_reg_driver: options.regDriver,
      user_status: options.status,
      activation_code: options.activationCodeHash ?? null,
      email_verified_at: options.isEmailVerified ? nowIso() : null,
    });
  } catch (error) {
    rethrowIdentityConflict(error);
  }
}
