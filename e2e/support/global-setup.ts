import { spawnSync } from 'node:child_process';
import { repoRoot } from './paths.ts';

/** Builds the console once per run, so the server serves the current code. */
export default function buildConsole(): void {
  const build = spawnSync('npm', ['run', 'build', '-w', '@hiwar/console'], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('the console build failed');
}
