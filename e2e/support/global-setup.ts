import { spawnSync } from 'node:child_process';
import { repoRoot } from './paths.ts';

/** Builds the console and the web messenger once per run, so the server serves the current code. */
export default function buildFrontEnds(): void {
  const build = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the console or widget build failed');
}
