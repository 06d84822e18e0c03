#!/usr/bin/env node
// `npm start`: build the console and the web messenger once if they are not built, then run the server
// (console at /, API at /api, messenger at /widget).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const builds = [
  { what: 'the console', workspace: '@hiwar/console', output: 'apps/console/dist/index.html' },
  { what: 'the web messenger', workspace: '@hiwar/widget', output: 'apps/widget/dist/frame.html' },
];

for (const { what, workspace, output } of builds) {
  if (existsSync(join(root, output))) continue;
  console.log(`Building ${what} (first start)…`);
  const build = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
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
