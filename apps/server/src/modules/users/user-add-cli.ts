// `npm run user:add -- EMAIL [FULL NAME]`: an active account made from the server's shell — the way in when
// SIGNUP=closed. Run it with the server's DATA_DIR / DATABASE_URL. It prints a new random password once: sign
// in with it and change it in Settings.
import { randomBytes } from 'node:crypto';
import { emailField } from '@hiwar/contracts';
import { loadConfig } from '../../platform/config.ts';
import { hashPassword } from '../../platform/crypto/passwords.ts';
import { migrateToLatest } from '../../platform/db/migrate.ts';
import { openConfiguredDatabase } from '../../platform/db/open-configured.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { createAccount } from './create-account.ts';
import { findTakenIdentity } from './user-repository.ts';

async function main(): Promise<void> {
  const parsed = emailField.safeParse(process.argv[2] ?? '');
  if (!parsed.success)
    throw new Error('usage: npm run user:add -- EMAIL [FULL NAME] (a valid email address)');
  const email = parsed.data.toLowerCase();
  const local = email.split('@')[0] ?? 'owner';
  const fullName = process.argv.slice(3).join(' ').trim() || local;
  const database = openConfiguredDatabase(loadConfig());
  try {
    await migrateToLatest(database);
    // the email's name part as the username, with a number after it while that is taken
    const base = local.replace(/[^a-z0-9._-]/g, '').slice(0, 40) || 'owner';
    let username = base;
    for (
      let n = 2;
      (await findTakenIdentity(database.db, { username, user_email: '' })).usernameTaken;
      n += 1
    ) {
      username = `${base}${n}`;
    }
    const password = randomBytes(12).toString('base64url');
    const passwordHash = await hashPassword(password);
    const userId = await createAccount(
      database.db,
      { username, user_fullname: fullName, user_email: email, passwordHash },
      { regDriver: 'web', status: 1 },
    );
    console.log(
      `Created account ${userId}: ${email} (username ${username}). Its password, shown once: ${password}`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  const detail = error instanceof AppError && error.errors ? ` ${JSON.stringify(error.errors)}` : '';
  console.error(`user:add: ${(error as Error).message}${detail}`);
  process.exit(1);
});
