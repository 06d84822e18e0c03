import type { DatabaseHandle } from '../db/database.ts';
import {
  readServerSetting,
  writeServerSetting,
  writeServerSettingOnce,
} from '../db/server-settings-repository.ts';
import type { SecretBox } from './secret-box.ts';

const CHECK_NAME = 'secret_key_check';
const CHECK_TEXT = 'Hiwar secret key check';

export class SecretKeyMismatchError extends Error {}

export interface KeyCheckOptions {
  /** where the key came from, for the message: "SECRET_KEY" or "DATA_DIR/secret.key (/srv/hiwar/secret.key)" */
  keySource: string;
  /** HIWAR_RESET_SECRETS=1: empty the secrets the key cannot read instead of refusing to start */
  reset: boolean;
  /** counts (apply: false) or empties (apply: true) the stored secrets the key cannot read */
  sweep(apply: boolean): Promise<{ cleared: number }>;
}

function opens(secrets: SecretBox, sealed: string): boolean {
  try {
    return secrets.decrypt(sealed) === CHECK_TEXT;
  } catch {
    return false;
  }
}

/**
 * At start: is this the key the data's secrets were sealed with? The database keeps a known text sealed with
 * the key (written on the first start, or on the first start of a version that has the check, when every
 * stored secret opens). A key that cannot open it stops the server, unless the operator asked to reset the
 * secrets: then every unreadable secret is emptied (the owners enter them again) and the check is sealed anew.
 * Answers what happened.
 */
export async function checkSecretKey(
  database: DatabaseHandle,
  secrets: SecretBox,
  options: KeyCheckOptions,
): Promise<'created' | 'matched' | { reset: number }> {
  const sealed = await readServerSetting(database.db, CHECK_NAME);
  if (sealed !== null && opens(secrets, sealed)) return 'matched';
  // no check yet (a new database, or one from before the check): the key must open every stored secret
  if (sealed === null && (await options.sweep(false)).cleared === 0) {
    // two first starts at once: the one whose check was stored wins, the other is checked against it
    const stored = await writeServerSettingOnce(database.db, CHECK_NAME, secrets.encrypt(CHECK_TEXT));
    if (opens(secrets, stored)) return 'created';
  }
  if (!options.reset) {
    throw new SecretKeyMismatchError(
      `The secret key (${options.keySource}) is not the one this database's secrets were sealed with: start with the same SECRET_KEY or DATA_DIR/secret.key as the server that wrote them (every server on one database needs the same key). To give up the stored channel tokens and passwords instead, start once with HIWAR_RESET_SECRETS=1: they are emptied and each owner enters them again.`,
    );
  }
  const { cleared } = await options.sweep(true);
  await writeServerSetting(database.db, CHECK_NAME, secrets.encrypt(CHECK_TEXT));
  return { reset: cleared };
}
