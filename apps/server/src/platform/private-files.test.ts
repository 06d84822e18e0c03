import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const modeOf = (path: string) => statSync(path).mode & 0o777;

/**
 * Runs the server's start-up steps (configuration, SQLite database, migrations, one write) in a child process
 * under umask 000, the most permissive an operator's shell could have, and leaves the database open so its -wal
 * and -shm files are still there to inspect.
 */
function startUpUnderPermissiveUmask(dataDir: string): void {
  const source = (path: string) => JSON.stringify(pathToFileURL(join(import.meta.dirname, path)).href);
  const script = `
    process.umask(0o000);
    const { loadConfig } = await import(${source('config.ts')});
    const { openConfiguredDatabase } = await import(${source('db/open-configured.ts')});
    const { migrateToLatest } = await import(${source('db/migrate.ts')});
    const config = loadConfig({ DATA_DIR: ${JSON.stringify(dataDir)} });
    const database = openConfiguredDatabase(config);
    await migrateToLatest(database);
    await database.db.insertInto('login_failures')
      .values({ email: 'a@example.com', address: '203.0.113.1', failed_at: new Date().toISOString() })
      .execute();
    process.exit(0);
  `;
  execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    stdio: 'pipe',
    timeout: 60_000,
  });
}

describe('the files of DATA_DIR', () => {
  let root = '';
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('creates DATA_DIR 0700 and the database files and secret key 0600 under umask 000', () => {
    root = mkdtempSync(join(tmpdir(), 'hiwar-modes-'));
    const dataDir = join(root, 'data');
    startUpUnderPermissiveUmask(dataDir);
    expect(modeOf(dataDir).toString(8)).toBe('700');
    for (const file of ['hiwar.sqlite', 'hiwar.sqlite-wal', 'hiwar.sqlite-shm', 'secret.key']) {
      expect([file, modeOf(join(dataDir, file)).toString(8)]).toEqual([file, '600']);
    }
  });

  it('tightens database files and a secret key left readable by others', () => {
    root = mkdtempSync(join(tmpdir(), 'hiwar-modes-'));
    const dataDir = join(root, 'data');
    startUpUnderPermissiveUmask(dataDir);
    const files = ['hiwar.sqlite', 'hiwar.sqlite-wal', 'hiwar.sqlite-shm', 'secret.key'];
    for (const file of files) chmodSync(join(dataDir, file), 0o644);
    writeFileSync(join(dataDir, 'unrelated.txt'), 'left alone', { mode: 0o644 });
    startUpUnderPermissiveUmask(dataDir);
    for (const file of files) expect([file, modeOf(join(dataDir, file)).toString(8)]).toEqual([file, '600']);
    expect(modeOf(join(dataDir, 'unrelated.txt')).toString(8)).toBe('644');
  });
});
