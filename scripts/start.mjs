#!/usr/bin/env node
// `npm start`: build the console once if it is not built, then run the server (console at /, API at /api).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const consoleIndex = join(root, 'apps/console/dist/index.html');

if (!existsSync(consoleIndex)) {
  console.log('Building the console (first start)…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@hiwar/console'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const tsx = join(root, 'node_modules/.bin/tsx');
const server = spawn(tsx, [join(root, 'apps/server/src/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
