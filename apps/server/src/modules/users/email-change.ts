import { messages } from '@hiwar/contracts';
import type { Config } from '../../platform/config.ts';
import { createOpaqueToken, hashToken } from '../../platform/crypto/tokens.ts';
import type { Database } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { identityErrors, rethrowIdentityConflict } from './create-account.ts';
import {
  applyPendingEmail,
  findPendingEmail,
  findTakenIdentity,
  setPendingEmail,
  type UserRow,
} from './user-repository.ts';

/** How long the link mailed to a new address works. */
export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000;

export function emailChangeLinkOf(config: Config, userId: number, code: string): string {
  return `${config.publicUrl}/#/user/confirm_email/${userId}/${encodeURIComponent(code)}`;
}

/**
 * Under SIGNUP=verify a new email is proven like a sign-up's: the address is kept aside with the hash of a
 * code, and the link with the code goes to the new address; the account's email changes only when it is
 * opened (confirmEmailChange). Asking again replaces the earlier link.
 */
export async function requestEmailChange(
  db: Database,
  config: Config,
  mailer: Mailer,
  user: UserRow,
  email: string,
): Promise<void> {
  const code = createOpaqueToken();
  await setPendingEmail(db, user.user_id, email, hashToken(code));
  await mailer.send({
    to: email,
    subject: 'Confirm your new Hiwar email address',
    text: `Hello ${user.user_fullname},\n\nopen this link within 24 hours to use this address for your Hiwar account:\n${emailChangeLinkOf(config, user.user_id, code)}\n\nIf you did not ask for this, ignore this mail: nothing changes.\n`,
  });
}

/** GET /user/confirm_email/{user_id}/{code}: the waiting address becomes the account's, if still free. */
export async function confirmEmailChange(
  db: Database,
  userId: number,
  code: string,
  now = Date.now(),
): Promise<void> {
  const row = await findPendingEmail(db, userId, hashToken(code));
  const askedAt = row?.pending_email_at ? Date.parse(row.pending_email_at) : Number.NaN;
  if (!row?.pending_email || !(now - askedAt <= EMAIL_CHANGE_TTL_MS)) {
    throw new AppError('not_found', messages.emailChangeInvalid);
  }
  const taken = identityErrors(
    await findTakenIdentity(db, { username: row.username, user_email: row.pending_email }, userId),
  );
  if (taken) throw AppError.invalid(taken);
  try {
    await applyPendingEmail(db, userId, row.pending_email, hashToken(code));
  } catch (error) {
    rethrowIdentityConflict(error);
  }
}
