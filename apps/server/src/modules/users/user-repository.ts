import type { Selectable, Updateable } from 'kysely';
import { nowIso } from '../../platform/db/clock.ts';
import type { Database } from '../../platform/db/database.ts';
import type { UsersTable } from '../../platform/db/tables.ts';

export type UserRow = Selectable<UsersTable>;

export interface NewUser {
  username: string;
  user_email: string;
  password_hash: string;
  user_fullname: string;
  user_reg_driver: string;
  user_status: number;
  activation_code: string | null;
  /** set when the address is already proven (an account made through Facebook) */
  email_verified_at?: string | null;
}

/** Emails are compared case-insensitively: they are stored lower-cased. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function insertUser(db: Database, user: NewUser): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({ ...user, user_email: normaliseEmail(user.user_email) })
    .returning('user_id')
    .executeTakeFirstOrThrow();
  return row.user_id;
}

export function findUserById(db: Database, userId: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('user_email', '=', normaliseEmail(email))
    .executeTakeFirst();
}

/** Which of the email and username already belong to someone other than `exceptUserId`. */
export async function findTakenIdentity(
  db: Database,
  identity: { user_email: string; username: string },
  exceptUserId = 0,
): Promise<{ emailTaken: boolean; usernameTaken: boolean }> {
  const email = normaliseEmail(identity.user_email);
  const rows = await db
    .selectFrom('users')
    .select(['user_email', 'username'])
    .where((eb) => eb.or([eb('user_email', '=', email), eb('username', '=', identity.username)]))
    .where('user_id', '!=', exceptUserId)
    .execute();
  return {
    emailTaken: rows.some((row) => row.user_email === email),
    usernameTaken: rows.some((row) => row.username === identity.username),
  };
}

export async function updateUser(
  db: Database,
  userId: number,
  changes: Omit<Updateable<UsersTable>, 'user_id' | 'created_at' | 'updated_at'>,
): Promise<void> {
  const values = changes.user_email
    ? { ...changes, user_email: normaliseEmail(changes.user_email) }
    : changes;
  await db
    .updateTable('users')
    .set({ ...values, updated_at: nowIso() })
    .where('user_id', '=', userId)
    .execute();
}

/** Activates a pending account whose activation code hash matches; false when nothing matched. */
export async function activatePendingUser(db: Database, userId: number, codeHash: string): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ user_status: 1, activation_code: null, email_verified_at: nowIso(), updated_at: nowIso() })
    .where('user_id', '=', userId)
    .where('user_status', '=', 0)
    .where('activation_code', '=', codeHash)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deletePendingUser(db: Database, userId: number): Promise<void> {
  await db.deleteFrom('users').where('user_id', '=', userId).where('user_status', '=', 0).execute();
}

/** A new activation code for a pending account with this email; false when there is none. */
export async function renewActivationCode(db: Database, email: string, codeHash: string) {
  const pending = await db
    .selectFrom('users')
    .select(['user_id', 'user_fullname'])
    .where('user_email', '=', email)
    .where('user_status', '=', 0)
    .executeTakeFirst();
  if (!pending) return null;
  await db
    .updateTable('users')
    .set({ activation_code: codeHash, updated_at: nowIso() })
    .where('user_id', '=', pending.user_id)
    .where('user_status', '=', 0)
    .execute();
  return pending;
}

/** A new email waiting for its confirmation link (replaces an earlier one). */
export async function setPendingEmail(db: Database, userId: number, email: string, codeHash: string) {
  await db
    .updateTable('users')
    .set({ pending_email: normaliseEmail(email), pending_email_code: codeHash, pending_email_at: nowIso() })
    .where('user_id', '=', userId)
    .execute();
}

export function findPendingEmail(db: Database, userId: number, codeHash: string) {
  return db
    .selectFrom('users')
    .select(['user_id', 'username', 'pending_email', 'pending_email_at'])
    .where('user_id', '=', userId)
    .where('pending_email_code', '=', codeHash)
    .executeTakeFirst();
}

/** The waiting email becomes the account's, if the code still matches. */
export async function applyPendingEmail(db: Database, userId: number, email: string, codeHash: string) {
  await db
    .updateTable('users')
    .set({
      user_email: email,
      pending_email: null,
      pending_email_code: null,
      pending_email_at: null,
      email_verified_at: nowIso(),
      updated_at: nowIso(),
    })
    .where('user_id', '=', userId)
    .where('pending_email_code', '=', codeHash)
    .execute();
}
