import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { appendToResultsSection } from '../chat/results-file.ts';
import { freePort } from '../chat/server-process.ts';

/**
 * npm run bench:start — how long the server takes from `node …` to answering /api/health, and how much memory it
 * holds then, for each way of running the TypeScript (Node 24):
 *   - `node`: Node's own type stripping, `node apps/server/src/main.ts` (what `npm start` runs);
 *   - `tsx`: the same files through tsx's loader, `node --import tsx apps/server/src/main.ts` (before Node 24);
 *   - `bundle`: one JavaScript file compiled by esbuild beforehand (dependencies left as packages).
 * Each round starts every way once, in turn, on the same migrated SQLite DATA_DIR; BENCH_ROUNDS (7) rounds.
 * Printed and appended to RESULTS.md ("## Start-up"); BENCH_DRY_RUN=1 only prints.
 */
const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '../..');
const rounds = Number(process.env.BENCH_ROUNDS ?? 7);

interface Way {
  name: string;
  args: string[];
}

function residentMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

async function healthy(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 10));
  }
  throw new Error('the server did not answer /api/health in 60 s');
}

async function startOnce(way: Way, dataDir: string): Promise<{ ms: number; mb: number }> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, way.args, {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await healthy(`http://127.0.0.1:${port}`, child);
    const ms = performance.now() - started;
    const mb = residentMb(child.pid ?? 0);
    return { ms, mb };
  } finally {
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    await exited;
  }
}

/** The bundle sits as deep under apps/server as main.ts's modules do, so their paths to the repo still hold. */
async function bundleServer(outDir: string): Promise<string> {
  const manifests = ['apps/server', 'packages/nlu', 'packages/wordnet', 'packages/contracts'].map(
    (folder) =>
      JSON.parse(readFileSync(join(repoRoot, folder, 'package.json'), 'utf8')) as Record<string, never>,
  );
  const external = manifests
    .flatMap((manifest) => Object.keys(manifest.dependencies ?? {}))
    .filter((name) => !name.startsWith('@hiwar/'));
  const outfile = join(outDir, 'main.mjs');
  await build({
    entryPoints: [join(repoRoot, 'apps/server/src/main.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    external,
    outfile,
    logLevel: 'error',
    banner: {
      js: "import { createRequire as $cr } from 'node:module'; const require = $cr(import.meta.url);",
    },
  });
  return outfile;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

const bundleDir = join(repoRoot, 'apps/server/.bench-bundle/start');
mkdirSync(bundleDir, { recursive: true });
const dataDir = mkdtempSync(join(tmpdir(), 'hiwar-bench-start-'));
try {
  const built = performance.now();
  const bundle = await bundleServer(bundleDir);
  const buildMs = performance.now() - built;
  const ways: Way[] = [
    { name: 'node (type stripping)', args: ['apps/server/src/main.ts'] },
    { name: 'tsx', args: ['--import', 'tsx', 'apps/server/src/main.ts'] },
    { name: 'bundle (esbuild)', args: [bundle] },
  ];
  await startOnce(ways[0] as Way, dataDir); // migrates the database, so every timed start finds it ready
  const figures = new Map(ways.map((way) => [way.name, { ms: [] as number[], mb: [] as number[] }]));
  for (let round = 0; round < rounds; round += 1) {
    for (const way of ways) {
      const { ms, mb } = await startOnce(way, dataDir);
      figures.get(way.name)?.ms.push(ms);
      figures.get(way.name)?.mb.push(mb);
    }
  }
  const rows = ways.map((way) => {
    const { ms, mb } = figures.get(way.name) ?? { ms: [], mb: [] };
    return `| ${way.name} | ${median(ms).toFixed(0)} | ${Math.min(...ms).toFixed(0)}–${Math.max(...ms).toFixed(0)} | ${median(mb).toFixed(1)} |`;
  });
  const block = [
    `### ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC — bench:start`,
    '',
    `Node ${process.version}, ${cpus().length} cores, load average ${loadavg()[0]?.toFixed(1)} at the end; ${rounds} starts each, in turn, on one migrated SQLite DATA_DIR; from spawning node to the first 200 from /api/health; resident memory then. The bundle took ${(buildMs / 1000).toFixed(1)} s to build.`,
    '',
    '| way | start ms (median) | min–max | RSS MB (median) |',
    '| --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
  console.log(block);
  if (process.env.BENCH_DRY_RUN !== '1') {
    appendToResultsSection(join(repoRoot, 'bench/RESULTS.md'), '## Start-up', `${block}\n`);
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(join(repoRoot, 'apps/server/.bench-bundle'), { recursive: true, force: true });
}
