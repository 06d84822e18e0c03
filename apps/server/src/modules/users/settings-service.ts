import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import {
  type basicSettings,
  type customerSupportSettings,
  messages,
  type passwordChange,
  STORED_SECRET_MASK,
  type UpdateSettingsRequest,
} from '@hiwar/contracts';
import type { z } from 'zod';
import { revokeOtherAccessTokens, type Session } from '../../platform/auth/access-tokens.ts';
import type { Config } from '../../platform/config.ts';
import { hashPassword, verifyPassword } from '../../platform/crypto/passwords.ts';
import type { SecretBox } from '../../platform/crypto/secret-box.ts';
import type { Database } from '../../platform/db/database.ts';
import { fromJson, toJson } from '../../platform/db/json.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { UploadedFile } from '../../platform/http/uploaded-file.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { removeAvatar, storeAvatar } from './avatar-store.ts';
import { identityErrors, rethrowIdentityConflict } from './create-account.ts';
import { requestEmailChange } from './email-change.ts';
import type { StoredCustomerSupport, StoredMailServerCred } from './profile-view.ts';
import {
  findTakenIdentity,
  findUserById,
  normaliseEmail,
  type UserRow,
  updateUser,
} from './user-repository.ts';

export interface SettingsContext {
  db: Database;
  secrets: SecretBox;
  config: Config;
  mailer: Mailer;
}

async function currentUser(db: Database, session: Session): Promise<UserRow> {
  const row = await findUserById(db, session.userId);
  if (!row) throw new AppError('unauthenticated');
  return row;
}

/** mode 1: web accounts only; keeps the current session and signs every other session out. */
async function changePassword(
  context: SettingsContext,
  session: Session,
  input: z.infer<typeof passwordChange>,
) {
  const user = await currentUser(context.db, session);
  if (user.user_reg_driver !== 'web') throw new AppError('forbidden');
  if (!(await verifyPassword(user.password_hash, input.old_password))) {
    throw AppError.invalidField('old_password', messages.oldPasswordWrong);
  }
  const passwordHash = await hashPassword(input.password);
  await context.db.transaction().execute(async (trx) => {
    await updateUser(trx, user.user_id, { password_hash: passwordHash });
    await revokeOtherAccessTokens(trx, user.user_id, session.tokenId);
  });
}

/** The mask the console got for a stored secret, saved back unchanged, keeps that secret. */
function keptOrEncrypted(secrets: SecretBox, typed: string, storedEncrypted: string | undefined): string {
  if (typed === STORED_SECRET_MASK) return storedEncrypted ?? '';
  return secrets.encrypt(typed);
}

/**
 * mode 2: identity, mail server credentials and an optional new avatar. Under SIGNUP=verify a new email waits
 * for the link mailed to it (email-change.ts); the rest is saved at once. Answers whether an email waits.
 */
async function updateBasicSettings(
  context: SettingsContext,
  session: Session,
  input: z.infer<typeof basicSettings>,
  avatar: UploadedFile | null,
): Promise<{ emailPending: boolean }> {
  const { db, secrets, config } = context;
  const user = await currentUser(db, session);
  const taken = identityErrors(await findTakenIdentity(db, input, user.user_id));
  if (taken) throw AppError.invalid(taken);
  const isEmailChanged = normaliseEmail(input.user_email) !== user.user_email;
  const emailPending = config.signup === 'verify' && isEmailChanged;
  const avatarsDir = join(config.dataDir, 'avatars');
  const newAvatar = avatar ? await storeAvatar(avatarsDir, avatar) : null;
  const mailServerCred: StoredMailServerCred = {
    mail_server_username: input.mail_server_username,
    mail_server_password: keptOrEncrypted(
      secrets,
      input.mail_server_password,
      fromJson<StoredMailServerCred>(user.mail_server_cred, {}).mail_server_password,
    ),
  };
  try {
    await updateUser(db, user.user_id, {
      username: input.username,
      ...(!emailPending && { user_email: input.user_email }),
      // an address typed without its link proves nothing: a Facebook sign-in no longer finds the account by it
      ...(isEmailChanged && !emailPending && { email_verified_at: null }),
      user_fullname: input.user_fullname,
      mail_server_cred: toJson(mailServerCred),
      ...(newAvatar ? { avatar: newAvatar } : {}),
    });
  } catch (error) {
    await removeAvatar(avatarsDir, newAvatar);
    rethrowIdentityConflict(error);
  }
  if (newAvatar) await removeAvatar(avatarsDir, user.avatar);
  if (emailPending) await requestEmailChange(db, config, context.mailer, user, input.user_email);
  return { emailPending };
}

/** mode 3: customer-support credentials. */
async function updateCustomerSupport(
  context: SettingsContext,
  session: Session,
  input: z.infer<typeof customerSupportSettings>,
) {
  const user = await currentUser(context.db, session);
  const before = fromJson<StoredCustomerSupport>(user.customer_support, {});
  const stored: StoredCustomerSupport = {
    cs_status: input.cs_status,
    cs_username: input.cs_username,
    cs_email: input.cs_email,
    cs_password: keptOrEncrypted(context.secrets, input.cs_password, before.cs_password),
    cs_endpoint: input.cs_endpoint,
    cs_timeout_minutes: input.cs_timeout_minutes,
    cs_webhook_token: before.cs_webhook_token ?? randomBytes(24).toString('base64url'),
  };
  await updateUser(context.db, session.userId, { customer_support: toJson(stored) });
}

/** POST /user/update_settings; answers the user row after the change, and whether a new email waits. */
export async function updateSettings(
  context: SettingsContext,
  session: Session,
  input: UpdateSettingsRequest,
  avatar: UploadedFile | null,
): Promise<{ row: UserRow; emailPending: boolean }> {
  if (avatar && input.mode !== 2) throw AppError.invalidField('avatar', messages.fileTypeUnsupported);
  let emailPending = false;
  if (input.mode === 1) await changePassword(context, session, input);
  if (input.mode === 2) ({ emailPending } = await updateBasicSettings(context, session, input, avatar));
  if (input.mode === 3) await updateCustomerSupport(context, session, input);
  return { row: await currentUser(context.db, session), emailPending };
}
