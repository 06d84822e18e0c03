import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { registerAndLogin } from '../../testing/accounts.ts';
import { type ServerProcess, serverEnvOf, startServerProcess } from '../../testing/server-process.ts';
import { testDatabaseKinds } from '../../testing/test-databases.ts';
import { type DatabaseHandle, openDatabase } from '../db/database.ts';
import type { JobTables } from './job-tables.ts';

const kinds = await testDatabaseKinds();

async function until<T>(read: () => Promise<T | undefined>, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.each(kinds)('a training job after a crash on $label', (kind) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** A fresh database and DATA_DIR, a handle the test reads jobs through, and started processes killed after. */
  async function freshDatabase() {
    const dataDir = mkdtempSync(join(tmpdir(), 'hiwar-crash-'));
    const { target, drop } = await kind.create(dataDir);
    const env = serverEnvOf(target, dataDir);
    const processes: ServerProcess[] = [];
    let handle: DatabaseHandle | undefined;
    cleanups.push(async () => {
      await Promise.all(processes.map((server) => server.kill()));
      await handle?.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    });
    const start = async (extra: Record<string, string> = {}) => {
      const server = await startServerProcess({ ...env, ...extra });
      processes.push(server);
      return server;
    };
    // opened after the first server migrated the database
    const jobsOf = async (userId: number) => {
      handle ??= openDatabase(target);
      return handle.db
        .withTables<JobTables>()
        .selectFrom('jobs')
        .selectAll()
        .where('user_id', '=', userId)
        .execute();
    };
    return { start, jobsOf };
  }

  type JobRow = { id: number; status: string; claimed_by: string | null };

  async function startTraining(server: ServerProcess, jobsOf: (userId: number) => Promise<JobRow[]>) {
    const owner = await registerAndLogin(server);
    const started = await server.call('GET', '/api/command_example/train', { token: owner.token });
    expect(started.json.status, started.text).toBe(1);
    const [job] = await until(
      async () => {
        const jobs = await jobsOf(owner.userId);
        return jobs[0]?.status === 'running' ? jobs : undefined;
      },
      10_000,
      'the training job running',
    );
    if (!job) throw new Error('no training job');
    return { owner, job };
  }

  const checkIfFree = (server: ServerProcess, token: string) =>
    server.call('GET', '/api/command_example/check-if-free', { token });

  it('is free again within seconds of a restart after kill -9 mid-training', async () => {
    const { start, jobsOf } = await freshDatabase();
    const first = await start({ HIWAR_TEST_TRAINING_DELAY_MS: '60000' });
    const { owner, job } = await startTraining(first, jobsOf);
    expect((await checkIfFree(first, owner.token)).json.status).toBe(0);
    await first.kill();
    // the dead process still holds the job: without recovery it would stay "still running" for 10 minutes
    expect((await jobsOf(owner.userId))[0]).toMatchObject({ status: 'running', claimed_by: job.claimed_by });

    const second = await start();
    const listeningAt = Date.now();
    await until(
      async () => ((await checkIfFree(second, owner.token)).json.status === 1 ? true : undefined),
      5_000,
      'check-if-free answering free after the restart',
    );
    const freeAfterMs = Date.now() - listeningAt;
    const [rerun] = await jobsOf(owner.userId);
    // the crashed attempt counts; the job ran again to the end on the new process
    expect(rerun).toMatchObject({ id: job.id, status: 'done', attempts: 2 });
    expect(rerun?.claimed_by).not.toBe(job.claimed_by);
    console.info(`${kind.label}: training free ${freeAfterMs} ms after the restarted server listened`);
  });

  it.runIf(kind.label === 'postgres')("never takes a live server's running job", async () => {
    const { start, jobsOf } = await freshDatabase();
    const first = await start({ HIWAR_TEST_TRAINING_DELAY_MS: '60000' });
    const { owner, job } = await startTraining(first, jobsOf);
    const second = await start();
    // the second server's runner looked for abandoned jobs before it listened; give its first pass time to end
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect((await jobsOf(owner.userId))[0]).toMatchObject({
      status: 'running',
      claimed_by: job.claimed_by,
      attempts: 1,
    });
    expect((await checkIfFree(second, owner.token)).json.status).toBe(0);
  });
});
