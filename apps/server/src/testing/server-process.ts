import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type Database,
  type DatabaseHandle,
  type DatabaseTarget,
  openDatabase,
} from '../platform/db/database.ts';
import type { TestDatabaseKind } from './test-databases.ts';
import { type CallOptions, type CallResult, callServer } from './test-server.ts';

const repositoryRoot = resolve(fileURLToPath(import.meta.url), '../../../../..');
const LOG_KEPT = 20_000;

export interface ServerProcess {
  url: string;
  pid: number;
  call(method: string, path: string, options?: CallOptions): Promise<CallResult>;
  /** what the process wrote last (for failure messages) */
  output(): string;
  /** SIGKILL: no shutdown hook runs, nothing is flushed — a crash */
  kill(): Promise<void>;
  /** SIGTERM and wait for the exit */
  stop(): Promise<void>;
}

/**
 * A database of `kind` and a temp DATA_DIR for the server processes of one test file: `env` starts a process
 * on them (startServerProcess(env)), or `start(extra)` does and kills it at `remove`; `db()` reads the database
 * from the test; `remove` drops both.
 */
export async function databaseForProcesses(kind: TestDatabaseKind, prefix: string) {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  const created = await kind.create(dataDir);
  const env = serverEnvOf(created.target, dataDir);
  const processes: ServerProcess[] = [];
  let handle: DatabaseHandle | undefined;
  return {
    dataDir,
    env,
    /** a server process on this database, with `extra` added to its environment */
    async start(extra: Record<string, string> = {}): Promise<ServerProcess> {
      const server = await startServerProcess({ ...env, ...extra });
      processes.push(server);
      return server;
    },
    /** the database as the test reads it, opened once */
    db(): Database {
      handle ??= openDatabase(created.target);
      return handle.db;
    },
    async remove() {
      await Promise.all(processes.map((server) => server.kill()));
      await handle?.close();
      await created.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** DATA_DIR and DATABASE_URL of a process on this database (SQLite: the file DATA_DIR/hiwar.sqlite). */
export function serverEnvOf(target: DatabaseTarget, dataDir: string): Record<string, string> {
  return { DATA_DIR: dataDir, DATABASE_URL: target.dialect === 'postgres' ? target.url : '' };
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => child.once('exit', () => done()));
}

/**
 * Runs `apps/server/src/main.ts` as a separate process, as `npm start` does, on port 0; answers once it
 * listens (its log names the address). `env` adds to or overrides the environment (DATA_DIR, DATABASE_URL…).
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  // node itself runs the TypeScript (Node 24's type stripping), as `npm start` does: one process, which a
  // SIGKILL ends with everything it holds
  const child = spawn(process.execPath, [join(repositoryRoot, 'apps/server/src/main.ts')], {
    cwd: repositoryRoot,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      CONSOLE_DIST: join(env.DATA_DIR ?? '.', 'no-console'),
      // the tests sign up many owners from one address, at once (SMTP_URL would make SIGNUP default to verify)
      SIGNUPS_PER_HOUR: '100000',
      SIGNUP: 'open',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-LOG_KEPT);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const url = await new Promise<string>((answer, fail) => {
    const timer = setTimeout(() => {
      // not left running behind a failed test
      child.kill('SIGKILL');
      fail(new Error(`the server did not start in 60 s:\n${log}`));
    }, 60_000);
    const look = () => {
      const address = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(log)?.[1];
      if (!address) return;
      clearTimeout(timer);
      child.stdout?.off('data', look);
      answer(address);
    };
    child.stdout?.on('data', look);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      fail(new Error(`the server exited (${code ?? signal}) before listening:\n${log}`));
    });
  });
  return {
    url,
    pid: child.pid ?? 0,
    call: (method, path, options) => callServer(url, method, path, options),
    output: () => log,
    async kill() {
      child.kill('SIGKILL');
      await exited(child);
    },
    async stop() {
      child.kill('SIGTERM');
      await exited(child);
    },
  };
}
