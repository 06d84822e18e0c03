import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = mkdtempSync(join(tmpdir(), 'hiwar-start-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function isListening(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });
}

/** Every process whose environment carries this test's DATA_DIR: npm, the shell if any, node. */
function processesOfThisStart(): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/environ`, 'latin1').split('\0').includes(`DATA_DIR=${dataDir}`)) {
        const stat = readFileSync(`/proc/${entry}/stat`, 'latin1');
        if (!/\) Z /.test(stat)) pids.push(Number(entry));
      }
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

async function until(condition: () => Promise<boolean> | boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await condition()) return true;
    await new Promise((done) => setTimeout(done, 50));
  }
  return condition();
}

it('npm start stops on SIGTERM: the port is free within 5 s and no process of it remains', async () => {
  const port = await freePort();
  const npm = spawn('npm', ['start'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SKIP_BUILD: '1',
      CONSOLE_DIST: join(dataDir, 'no-console'),
    },
    stdio: 'ignore',
  });
  expect(await until(() => isListening(port), 30_000)).toBe(true);
  expect(processesOfThisStart().length).toBeGreaterThan(0);

  npm.kill('SIGTERM');
  expect(await until(async () => !(await isListening(port)), 5_000)).toBe(true);
  expect(await until(() => processesOfThisStart().length === 0, 5_000)).toBe(true);
}, 60_000);
