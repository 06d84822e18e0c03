import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { keepFilePrivate } from '../private-files.ts';

/**
 * The key that encrypts secrets at rest. SECRET_KEY may be any string (it is hashed to 32 bytes);
 * without it a random key is generated once into DATA_DIR/secret.key and reused on every start.
 */
export function loadSecretKey(configured: string | undefined, dataDir: string): Buffer {
  if (configured?.trim()) return deriveKey(configured.trim());
  const file = join(dataDir, 'secret.key');
  if (!existsSync(file)) {
    // 'wx' fails if another process created it first; then we read theirs
    try {
      writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  keepFilePrivate(file);
  return deriveKey(readFileSync(file, 'utf8').trim());
}

function deriveKey(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}
