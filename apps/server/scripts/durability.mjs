#!/usr/bin/env node
// `npm run test:durability -- --rounds 20`: the kill -9 durability test (src/testing/durability.test.ts) with more
// rounds than the few `npm test` runs, on SQLite and, when TEST_DATABASE_URL is set, PostgreSQL.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const args = process.argv.slice(2);
const roundsAt = args.indexOf('--rounds');
const rounds = roundsAt >= 0 ? Number(args[roundsAt + 1]) : 20;
if (!Number.isInteger(rounds) || rounds < 1) {
  console.error('usage: npm run test:durability -- [--rounds N]   (N a whole number from 1)');
  process.exit(2);
}
const run = spawnSync(
  join(root, 'node_modules/.bin/vitest'),
  ['run', 'apps/server/src/testing/durability.test.ts'],
  { cwd: root, stdio: 'inherit', env: { ...process.env, HIWAR_DURABILITY_ROUNDS: String(rounds) } },
);
process.exit(run.status ?? 1);
