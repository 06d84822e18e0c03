import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../testing/test-databases.ts';
import { type DatabaseHandle, openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { claimNextJob, findJob, insertJob } from './job-repository.ts';
import { createJobRunner, type JobHandler, type JobRunner } from './job-runner.ts';
import { newWorkerId } from './worker-identity.ts';

const until = async (condition: () => Promise<boolean>, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe.each(await testDatabaseKinds())('job runner on $label', (kind) => {
  let dataDir: string;
  let handles: DatabaseHandle[];
  let drop: () => Promise<void>;
  let runners: JobRunner[] = [];
  let owners: number[];

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'hiwar-jobs-'));
    const created = await kind.create(dataDir);
    drop = created.drop;
    // two handles on one database: two processes' worth of connections
    handles = [openDatabase(created.target), openDatabase(created.target)];
    await migrateToLatest(handles[0]!);
    owners = [];
    for (const name of ['a', 'b', 'c']) {
      const row = await handles[0]!.db
        .insertInto('users')
        .values({
          username: `owner${name}`,
          user_email: `${name}@example.com`,
          password_hash: 'x',
          user_fullname: name,
          user_reg_driver: 'email',
        })
        .returning('user_id')
        .executeTakeFirstOrThrow();
      owners.push(row.user_id);
    }
  });

  afterEach(async () => {
    await Promise.all(runners.map((runner) => runner.stop()));
    runners = [];
  });

  afterAll(async () => {
    for (const handle of handles) await handle.close();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  function runnerOn(
    index: number,
    handlers: Record<string, JobHandler>,
    extra: { staleAfterMs?: number; onlyLocalWorkers?: boolean } = {},
  ) {
    const runner = createJobRunner({
      db: handles[index]!.db,
      handlers,
      pollMs: 20,
      maxAttempts: 2,
      ...extra,
    });
    runners.push(runner);
    return runner;
  }

  it('runs a queued job and marks it done', async () => {
    const seen: unknown[] = [];
    const runner = runnerOn(0, { greet: async (job) => void seen.push(job.payload) });
    runner.start();
    const id = await runner.enqueue({ kind: 'greet', userId: owners[0]!, payload: { hello: 'world' } });
    await until(async () => (await findJob(handles[0]!.db, id!))?.status === 'done');
    expect(seen).toEqual([{ hello: 'world' }]);
    expect((await findJob(handles[0]!.db, id!))?.attempts).toBe(1);
  });

  it('lets two runners on one database claim each job exactly once', async () => {
    const runs = new Map<number, string[]>();
    const handler =
      (worker: string): JobHandler =>
      async (job) => {
        runs.set(job.id, [...(runs.get(job.id) ?? []), worker]);
        await new Promise((resolve) => setTimeout(resolve, 5));
      };
    const ids: number[] = [];
    for (let index = 0; index < 30; index += 1) {
      const owner = index % 4 === 3 ? null : owners[index % 3]!;
      ids.push((await insertJob(handles[0]!.db, { kind: 'count', userId: owner }))!);
    }
    runnerOn(0, { count: handler('first') }).start();
    runnerOn(1, { count: handler('second') }).start();
    await until(async () => ids.every((id) => runs.has(id)));
    await Promise.all(runners.map((runner) => runner.stop()));
    expect([...runs.values()].every((workers) => workers.length === 1)).toBe(true);
    expect(new Set([...runs.values()].flat()).size).toBe(2);
  });

  it('never runs two jobs of the same owner at once, across runners', async () => {
    let running = 0;
    let mostAtOnce = 0;
    const handler: JobHandler = async () => {
      running += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
      await new Promise((resolve) => setTimeout(resolve, 30));
      running -= 1;
    };
    const ids: number[] = [];
    for (let index = 0; index < 6; index += 1) {
      ids.push((await insertJob(handles[0]!.db, { kind: 'serial', userId: owners[1]! }))!);
    }
    runnerOn(0, { serial: handler }).start();
    runnerOn(1, { serial: handler }).start();
    await until(async () => {
      const jobs = await Promise.all(ids.map((id) => findJob(handles[0]!.db, id)));
      return jobs.every((job) => job?.status === 'done');
    });
    expect(mostAtOnce).toBe(1);
  });

  it('refuses a second job with a live singleton key and accepts one after it finished', async () => {
    let release = () => {};
    const blocked = new Promise<void>((resolve) => {
      release = resolve;
    });
    const runner = runnerOn(0, { once: () => blocked });
    runner.start();
    const first = await runner.enqueue({ kind: 'once', userId: owners[2]!, singletonKey: 'once:1' });
    expect(first).not.toBeNull();
    expect(await runner.enqueue({ kind: 'once', userId: owners[2]!, singletonKey: 'once:1' })).toBeNull();
    expect(await runner.isLive('once:1')).toBe(true);
    release();
    await until(async () => !(await runner.isLive('once:1')));
    expect(await runner.enqueue({ kind: 'once', userId: owners[2]!, singletonKey: 'once:1' })).not.toBeNull();
  });

  it('retries a failing job, then marks it failed with the error', async () => {
    let calls = 0;
    const runner = runnerOn(0, {
      broken: async () => {
        calls += 1;
        throw new Error('boom');
      },
    });
    runner.start();
    const id = await runner.enqueue({ kind: 'broken', userId: owners[0]! });
    await until(async () => (await findJob(handles[0]!.db, id!))?.status === 'failed');
    const job = await findJob(handles[0]!.db, id!);
    expect(calls).toBe(2);
    expect(job?.error).toBe('boom');
    expect(job?.attempts).toBe(2);
  });

  /** One running job per holder (no owner, so several may run), each of its own kind. */
  async function jobsHeldBy(holders: Record<string, string>) {
    const db = handles[0]!.db;
    const ids: Record<string, number> = {};
    for (const [name, holder] of Object.entries(holders)) {
      const id = (await insertJob(db, { kind: `held-${name}` }))!;
      expect((await claimNextJob(db, [`held-${name}`], holder))?.id).toBe(id);
      ids[name] = id;
    }
    const done: number[] = [];
    const handlers = Object.fromEntries(
      Object.keys(holders).map((name): [string, JobHandler] => [
        `held-${name}`,
        async (job) => void done.push(job.id),
      ]),
    );
    return { ids, done, handlers };
  }

  /** Holders on this machine: ours with the fields of this process, and the same fields altered. */
  function holdersOnThisMachine() {
    const [, machine, pid, start] = newWorkerId().split('.');
    const exitedPid = spawnSync(process.execPath, ['-e', '']).pid;
    return {
      machine,
      gone: `w1.${machine}.${exitedPid}.${start}.1`,
      pidReused: `w1.${machine}.${pid}.${Number(start) + 1}.1`,
      live: `w1.${machine}.${pid}.${start}.999`,
      elsewhere: `w1.0123456789ab.${pid}.${start}.1`,
    };
  }

  it('takes back at once the jobs of a gone process of this machine, never those of a live one', async () => {
    const { gone, pidReused, live, elsewhere } = holdersOnThisMachine();
    const { ids, done, handlers } = await jobsHeldBy({ gone, pidReused, live, elsewhere });
    runnerOn(1, handlers).start();
    await until(async () => done.includes(ids.gone!) && done.includes(ids.pidReused!));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(done.sort()).toEqual([ids.gone, ids.pidReused].sort());
    const db = handles[0]!.db;
    expect(await findJob(db, ids.gone!)).toMatchObject({ status: 'done', attempts: 2 });
    expect(await findJob(db, ids.live!)).toMatchObject({ status: 'running', claimed_by: live });
    // another machine's holder may be alive: only its heartbeat (10 minutes) tells
    expect(await findJob(db, ids.elsewhere!)).toMatchObject({ status: 'running', claimed_by: elsewhere });
  });

  it('on the embedded database also takes back the jobs of holders from elsewhere', async () => {
    const { live, elsewhere } = holdersOnThisMachine();
    const legacy = `worker-${process.pid}-0a1b2c3d`;
    const { ids, done, handlers } = await jobsHeldBy({ live, elsewhere, legacy });
    runnerOn(1, handlers, { onlyLocalWorkers: true }).start();
    await until(async () => done.includes(ids.elsewhere!) && done.includes(ids.legacy!));
    expect(await findJob(handles[0]!.db, ids.live!)).toMatchObject({ status: 'running', claimed_by: live });
  });

  it('queues again a job left running by a worker that died, after the stale timeout', async () => {
    const db = handles[0]!.db;
    const id = await insertJob(db, { kind: 'orphan', userId: owners[2]! });
    const claimed = await claimNextJob(db, ['orphan'], 'dead-worker');
    expect(claimed?.id).toBe(id);
    const done: number[] = [];
    const runner = runnerOn(1, { orphan: async (job) => void done.push(job.id) }, { staleAfterMs: 200 });
    runner.start();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(done).toEqual([]);
    await until(async () => (await findJob(db, id!))?.status === 'done');
    expect(done).toEqual([id]);
  });
});
