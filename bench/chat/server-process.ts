import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export interface ServerProcess {
  url: string;
  label: string;
  /** the server's DATA_DIR (SQLite: DATA_DIR/hiwar.sqlite) */
  dataDir: string;
  stop(): Promise<void>;
  /** `kill -9`: no shutdown at all; the DATA_DIR stays, for a new process on the same database */
  killHard(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      const answer = await fetch(`${url}/api/health`);
      if (answer.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error('the server did not become healthy in 30 s');
}

/** A fresh PostgreSQL database next to the admin URL's, made and dropped with psql. */
export function createPostgresDatabase(adminUrl: string): { url: string; drop(): void } {
  const name = `hiwar_bench_${randomBytes(5).toString('hex')}`;
  execFileSync('psql', [adminUrl, '-q', '-c', `create database ${name}`], { stdio: 'pipe' });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => execFileSync('psql', [adminUrl, '-q', '-c', `drop database if exists ${name} with (force)`]),
  };
}

/**
 * Starts apps/server/src/main.ts as its own process on a loopback port, with a temp DATA_DIR; `extraEnv` adds
 * settings (OUTBOUND_ALLOW for the live-data bot's fake API). `options.dataDir` starts it on an existing
 * DATA_DIR instead (another process's: a restart on the same database, or a second process sharing it), which
 * `stop` then leaves in place.
 */
export async function startServer(
  repoRoot: string,
  databaseUrl: string | null,
  extraEnv: Record<string, string> = {},
  options: { dataDir?: string } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const isOwnDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'hiwar-bench-chat-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...extraEnv,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
  };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  // BENCH_SERVER_ARGS: Node options for the server alone, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"
  const nodeArgs = process.env.BENCH_SERVER_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url, child);
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
  };
  return {
    url,
    label: databaseUrl ? 'PostgreSQL' : 'SQLite',
    dataDir,
    async stop() {
      await end('SIGTERM');
      if (isOwnDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
    killHard: () => end('SIGKILL'),
  };
}
