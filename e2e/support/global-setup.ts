import { spawnSync } from 'node:child_process';
import { repoRoot } from './paths.ts';

/**
 * Builds the console and the web messenger once per run, so the server serves the current code — as `npm start`
 * builds it: vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
 */
export default function buildFrontEnds(): void {
  const env = { ...process.env, NODE_ENV: 'production' };
  const build = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit', env });
  if (build.status !== 0) throw new Error('the console or widget build failed');
}
