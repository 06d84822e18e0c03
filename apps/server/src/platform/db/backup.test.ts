import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAndLogin, type TestAccount } from '../../testing/accounts.ts';
import { createService } from '../../testing/services/authoring-fixtures.ts';
import { type TestDatabaseKind, testDatabaseKinds } from '../../testing/test-databases.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { embeddedDatabaseFile } from './open-configured.ts';

const run = promisify(execFile);
const repositoryRoot = resolve(import.meta.dirname, '../../../../..');

/** `npm run backup [-- file]` from the repository root, as an operator runs it, against DATA_DIR. */
function runBackupScript(dataDir: string, destination?: string) {
  const args = ['run', '-s', 'backup', ...(destination ? ['--', destination] : [])];
  return run('npm', args, {
    cwd: repositoryRoot,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    timeout: 60_000,
  });
}

/** README's restore: a fresh DATA_DIR whose hiwar.sqlite is the backup. */
function restoredFrom(backup: string): TestDatabaseKind {
  return {
    label: 'sqlite',
    async create(dataDir) {
      const file = embeddedDatabaseFile(dataDir);
      copyFileSync(backup, file);
      return { target: { dialect: 'sqlite', file }, drop: async () => {} };
    },
  };
}

const sqlite = (await testDatabaseKinds()).find((kind) => kind.label === 'sqlite');

describe('npm run backup on SQLite', () => {
  let server: TestServer;
  let owner: { account: TestAccount; token: string };
  let backups: string;
  beforeAll(async () => {
    if (!sqlite) throw new Error('SQLite is always among the test databases');
    server = await startTestServer(sqlite);
    owner = await registerAndLogin(server);
    backups = mkdtempSync(join(tmpdir(), 'hiwar-backups-'));
  });
  afterAll(async () => {
    await server.close();
    rmSync(backups, { recursive: true, force: true });
  });

  it('copies a running server’s database while it writes, and a server started on the copy finds the data', async () => {
    const savedBefore: number[] = [];
    for (let index = 0; index < 20; index += 1) savedBefore.push(await createService(server, owner.token));
    // the server keeps answering writes while the backup runs in another process
    let isWriting = true;
    const savedDuring: number[] = [];
    const writer = (async () => {
      while (isWriting) savedDuring.push(await createService(server, owner.token));
    })();
    const destination = join(backups, 'nightly.sqlite');
    const { stdout } = await runBackupScript(server.config.dataDir, destination);
    isWriting = false;
    await writer;
    expect(stdout).toContain(`Backed up to ${destination}`);
    expect(savedDuring.length).toBeGreaterThan(0);
    expect(statSync(destination).mode & 0o777).toBe(0o600);
    expect(existsSync(`${destination}.partial`)).toBe(false);

    const restored = await startTestServer(restoredFrom(destination));
    try {
      const signIn = await restored.call('POST', '/api/passport/login', {
        body: { email: owner.account.user_email, password: owner.account.user_password },
      });
      expect(signIn.status).toBe(200);
      const token = signIn.json.access_token as string;
      for (const id of savedBefore) {
        const browsed = await restored.call('GET', `/api/service/browse/${id}`, { token });
        expect([id, browsed.status]).toEqual([id, 200]);
      }
      // the copy is one snapshot: the services written during the backup are there up to some point, then none
      const statuses = [];
      for (const id of savedDuring) {
        statuses.push((await restored.call('GET', `/api/service/browse/${id}`, { token })).status);
      }
      const firstMissing = statuses.indexOf(404);
      if (firstMissing !== -1)
        expect(statuses.slice(firstMissing).every((status) => status === 404)).toBe(true);
    } finally {
      await restored.close();
    }
  });

  it('writes to DATA_DIR/backups/hiwar-<time>.sqlite when no file is given', async () => {
    const { stdout } = await runBackupScript(server.config.dataDir);
    const made = readdirSync(join(server.config.dataDir, 'backups'));
    expect(made).toHaveLength(1);
    expect(made[0]).toMatch(/^hiwar-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z\.sqlite$/);
    expect(stdout).toContain(made[0]);
    expect(statSync(join(server.config.dataDir, 'backups')).mode & 0o777).toBe(0o700);
  });

  it('refuses, without writing anything, when there is no database or DATABASE_URL is set', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'hiwar-empty-'));
    try {
      await expect(runBackupScript(empty, join(empty, 'copy.sqlite'))).rejects.toMatchObject({
        stderr: expect.stringContaining('backup: no database at'),
      });
      const withPostgres = run('npm', ['run', '-s', 'backup'], {
        cwd: repositoryRoot,
        env: { ...process.env, DATA_DIR: empty, DATABASE_URL: 'postgres://hiwar@127.0.0.1/hiwar' },
      });
      await expect(withPostgres).rejects.toMatchObject({ stderr: expect.stringContaining('pg_dump') });
      expect(readdirSync(empty)).toEqual([]);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
