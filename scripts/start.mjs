#!/usr/bin/env node
// `npm start`: build the console and the web messenger once if they are not built, then run the server in this
// same process (console at /, API at /api, messenger at /widget). One process: a supervisor's SIGTERM or SIGINT
// reaches the server itself, which finishes in-flight work, closes the database and exits.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const builds = [
  { what: 'the console', workspace: '@hiwar/console', output: 'apps/console/dist/index.html' },
  { what: 'the web messenger', workspace: '@hiwar/widget', output: 'apps/widget/dist/frame.html' },
];

const [major] = process.versions.node.split('.').map(Number);
if (major < 24) {
  console.error(
    `Hiwar needs Node 24 or newer; this is Node ${process.versions.node}. Run \`. scripts/ensure-node.sh\` (or \`scripts/ensure-node.sh --link\` once), then npm ci and npm start again.`,
  );
  process.exit(1);
}

for (const { what, workspace, output } of builds) {
  if (existsSync(join(root, output)) || process.env.SKIP_BUILD === '1') continue;
  console.log(`Building ${what} (first start)…`);
  const build = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// npm runs this script as `exec node …`, so npm's own SIGTERM reaches this process. Should the parent go without
// a word (killed with SIGKILL, or a shell that does not pass signals on), stop as if it had sent SIGTERM rather
// than run on, orphaned, holding the port.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) process.kill(process.pid, 'SIGTERM');
}, 500).unref();

process.env.NODE_ENV ??= 'production';
// Node 24 runs the server's TypeScript as it is (type stripping): nothing is compiled, nothing else is started.
await import('../apps/server/src/main.ts');
