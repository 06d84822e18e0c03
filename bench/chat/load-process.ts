import { execFile } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '../..');

/**
 * Runs a load script of this folder (load.ts, live-load.ts) as its own Node process, so the load does not
 * share the bench process's event loop, and answers the JSON of its last output line.
 */
export async function runLoadProcess<T>(script: string, args: (string | number)[]): Promise<T> {
  const command = ['--import', 'tsx', join(here, script), ...args.map(String)];
  const { stdout } = await promisify(execFile)(process.execPath, command, {
    cwd: repoRoot,
    maxBuffer: 1 << 22,
  });
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as T;
}
