import { cpus, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { expectOk, registerBenchOwner } from '../chat/bench-owner.ts';
import { type CallAnswer, createClient } from '../chat/http-client.ts';
import { appendToResultsSection } from '../chat/results-file.ts';
import { createPostgresDatabase, startServer } from '../chat/server-process.ts';

/**
 * npm run bench:data — a dataset of 100,000 records through the real HTTP API, on SQLite and then on
 * PostgreSQL (a server process each, as bench:chat starts them). The owner creates a dataset (POST
 * /dataset/save/0), adds a text, a number, a list and a location field (POST /dataset/add-field/{id}), previews
 * the first file (POST /dataset/import/preview/{id}) and imports BENCH_FILES CSV files of BENCH_ROWS rows each
 * (POST /dataset/import/{id}, 20,000 rows a file at most), timing each import. Then BENCH_REQUESTS sequential
 * calls of POST /dataset/get-with-keys each: a grid page (random page across the range), a keyword search
 * (3+ characters, words that exist and words that do not), two filtered queries (`filters` on a field's value:
 * a folded LIKE on the name, which the folded trigram index serves, and a price range, which reads the JSON values
 * of the whole dataset), and, reported apart, a 2-character keyword, which no trigram index can serve
 * (BENCH_SHORT_REQUESTS, 50). The targets are for the page and the search; the filters are reported.
 * Settings: TEST_DATABASE_URL (postgres://postgres@127.0.0.1:5432/test; BENCH_SKIP_POSTGRES=1 skips it),
 * BENCH_SKIP_SQLITE=1, BENCH_NOTE (a note for RESULTS.md), BENCH_DRY_RUN=1 (print, leave RESULTS.md alone).
 */
const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '../..');
const files = Number(process.env.BENCH_FILES ?? 10);
const rowsPerFile = Number(process.env.BENCH_ROWS ?? 10_000);
const requests = Number(process.env.BENCH_REQUESTS ?? 200);
const shortRequests = Number(process.env.BENCH_SHORT_REQUESTS ?? 50);
const adminUrl = process.env.TEST_DATABASE_URL?.trim() || 'postgres://postgres@127.0.0.1:5432/test';

const TARGET_P99_MS = 100;
const TARGET_IMPORT_RATE = 5_000;

/** 40 words for names and tags; every one is 5+ characters so each is a 3+-character keyword that exists. */
const words = (
  'amber birch cobalt delta ember falcon garnet harbor indigo jasper kestrel lantern meadow nectar ' +
  'orchid pepper quartz raven saffron tundra umber velvet willow yarrow zephyr anchor bramble cinder ' +
  'dapple elder fennel glacier hollow iris juniper kelpie lumen marble nimbus oyster'
).split(' ');
const cities = ['Amman', 'Cairo', 'Berlin', 'Beirut', 'Tunis', 'Leipzig', 'Rabat', 'Muscat'];
const missingWords = ['zqxv', 'plorptk', 'wyxxor', 'qqjmz', 'vexnull'];
/** 2-character keywords that occur in the words above */
const shortWords = ['am', 'er', 'an', 'el'];

/** A small deterministic generator, so each run builds the same records. */
function rng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

function pick<T>(list: readonly T[], random: () => number): T {
  return list[Math.floor(random() * list.length)] as T;
}

function csvCell(value: string): string {
  return /[",\n\r]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

function csvFile(fileIndex: number, rows: number): string {
  const random = rng(fileIndex + 1);
  const lines = ['name,price,tags,place'];
  for (let row = 0; row < rows; row += 1) {
    const n = fileIndex * rows + row;
    const name = `${pick(words, random)} ${pick(words, random)} item ${n}`;
    const price = (random() * 1000).toFixed(2);
    const tags = [pick(words, random), pick(words, random)].join(',');
    const city = pick(cities, random);
    const place = JSON.stringify({
      type: 'Point',
      coordinates: [Number((random() * 40).toFixed(5)), Number((20 + random() * 30).toFixed(5))],
      address: `${city} ${n}`,
    });
    lines.push([csvCell(name), price, csvCell(tags), csvCell(place)].join(','));
  }
  return `${lines.join('\n')}\n`;
}

interface Latency {
  label: string;
  count: number;
  p50: number;
  p99: number;
  max: number;
  /** mean hits (`total`) per answer */
  hits: number;
}

interface DatabaseRun {
  database: string;
  records: number;
  /** seconds per imported file */
  importSeconds: number[];
  importRate: number;
  latencies: Latency[];
}

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] as number;
}

async function measure(
  label: string,
  count: number,
  call: (index: number) => Promise<CallAnswer>,
): Promise<Latency> {
  const times: number[] = [];
  let hits = 0;
  for (let index = 0; index < count; index += 1) {
    const started = performance.now();
    const answer = await call(index);
    times.push(performance.now() - started);
    if (answer.status !== 200 || answer.json?.status !== 1) {
      throw new Error(`${label}: ${answer.status} ${JSON.stringify(answer.json).slice(0, 300)}`);
    }
    hits += Number(answer.json.total ?? 0);
  }
  times.sort((a, b) => a - b);
  return {
    label,
    count,
    p50: quantile(times, 0.5),
    p99: quantile(times, 0.99),
    max: times.at(-1) ?? Number.NaN,
    hits: hits / count,
  };
}

async function benchOn(databaseUrl: string | null): Promise<DatabaseRun> {
  const server = await startServer(repoRoot, databaseUrl);
  const client = createClient(server.url, 4);
  try {
    const token = await registerBenchOwner(client);
    const saved = await expectOk(
      client.call('POST', '/api/dataset/save/0', { ds_name: 'Bench catalogue', ds_type: 'dataset' }, token),
      'dataset save',
    );
    const dsId = saved.id as number;
    const fields = [
      { name: 'name', type: 'text' },
      { name: 'price', type: 'number' },
      { name: 'tags', type: 'list' },
      { name: 'place', type: 'location' },
    ];
    for (const field of fields) {
      await expectOk(
        client.call(
          'POST',
          `/api/dataset/add-field/${dsId}`,
          { data: { ...field, permission: 'rw' } },
          token,
        ),
        `add-field ${field.name}`,
      );
    }
    const contents = Array.from({ length: files }, (_, index) => csvFile(index, rowsPerFile));
    const preview = await expectOk(
      client.call(
        'POST',
        `/api/dataset/import/preview/${dsId}`,
        { format: 'csv', content: contents[0] },
        token,
      ),
      'import preview',
    );
    if (preview.accepted_count !== rowsPerFile) {
      throw new Error(
        `preview accepted ${preview.accepted_count} of ${rowsPerFile}: ${JSON.stringify(preview.refused)}`,
      );
    }
    const importSeconds: number[] = [];
    for (const [index, content] of contents.entries()) {
      const started = performance.now();
      const imported = await expectOk(
        client.call('POST', `/api/dataset/import/${dsId}`, { format: 'csv', content }, token),
        `import ${index + 1}`,
      );
      const seconds = (performance.now() - started) / 1000;
      importSeconds.push(seconds);
      if (imported.imported !== rowsPerFile)
        throw new Error(`import ${index + 1}: ${imported.imported} rows`);
      console.log(
        `${server.label}: file ${index + 1}/${files}, ${rowsPerFile} rows in ${seconds.toFixed(2)} s`,
      );
    }
    const records = files * rowsPerFile;
    const pages = Math.ceil(records / 10);
    const random = rng(99);
    const page = (body: object) =>
      client.call('POST', '/api/dataset/get-with-keys', { ds_id: dsId, ...body }, token);
    // warm-up: JIT, statement caches, the first pages
    for (let index = 0; index < 20; index += 1) {
      await page({ page: 1 + Math.floor(random() * pages) });
      await page({ keywords: pick(words, random), page: 1 });
    }
    console.log(`${server.label}: measuring…`);
    const latencies = [
      await measure('grid page (random of all)', requests, () =>
        page({ page: 1 + Math.floor(random() * pages) }),
      ),
      await measure('search, word that exists', requests, () =>
        page({ keywords: pick(words, random), page: 1 }),
      ),
      await measure('search, word that does not', requests, () =>
        page({ keywords: pick(missingWords, random), page: 1 }),
      ),
      await measure('filter: name LIKE a word, page 2', requests, () =>
        page({ filters: [{ field: 'name', rel: 'LIKE', value: pick(words, random) }], page: 2 }),
      ),
      await measure('filter: price from x to x + 50', requests, () => {
        const from = Math.floor(random() * 950);
        return page({
          filters: [
            { field: 'price', rel: '>=', value: String(from) },
            { field: 'price', rel: '<=', value: String(from + 50) },
          ],
          page: 1,
        });
      }),
      await measure('search, 2 characters (no index)', shortRequests, () =>
        page({ keywords: pick(shortWords, random), page: 1 }),
      ),
    ];
    const importRate = records / importSeconds.reduce((sum, seconds) => sum + seconds, 0);
    return { database: server.label, records, importSeconds, importRate, latencies };
  } finally {
    client.close();
    await server.stop();
  }
}

function verdict(value: number, target: number, atMost: boolean): string {
  return (atMost ? value <= target : value >= target) ? 'met' : '**missed**';
}

function describe(runs: DatabaseRun[]): string {
  const rows = [
    '| database | measure | n | p50 ms | p99 ms | max ms | mean hits | target | |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const run of runs) {
    const slowest = Math.max(...run.importSeconds);
    const fastest = Math.min(...run.importSeconds);
    rows.push(
      `| ${run.database} | import, ${run.importSeconds.length} CSV files × ${rowsPerFile} rows | ${run.records} | ` +
        `${fastest.toFixed(2)}–${slowest.toFixed(2)} s a file | | | | ≥ ${TARGET_IMPORT_RATE} rows/s: ` +
        `${run.importRate.toFixed(0)} rows/s | ${verdict(run.importRate, TARGET_IMPORT_RATE, false)} |`,
    );
    for (const latency of run.latencies) {
      const targeted = latency.label.startsWith('grid page') || latency.label.startsWith('search, word');
      rows.push(
        `| ${run.database} | ${latency.label} | ${latency.count} | ${latency.p50.toFixed(1)} | ${latency.p99.toFixed(1)} | ` +
          `${latency.max.toFixed(1)} | ${latency.hits.toFixed(0)} | ${targeted ? `p99 ≤ ${TARGET_P99_MS} ms` : 'none (reported)'} | ` +
          `${targeted ? verdict(latency.p99, TARGET_P99_MS, true) : ''} |`,
      );
    }
  }
  return rows.join('\n');
}

async function main(): Promise<void> {
  const started = performance.now();
  const loadAtStart = loadavg()[0] ?? 0;
  const runs: DatabaseRun[] = [];
  if (process.env.BENCH_SKIP_SQLITE !== '1') runs.push(await benchOn(null));
  if (process.env.BENCH_SKIP_POSTGRES !== '1') {
    const database = createPostgresDatabase(adminUrl);
    try {
      runs.push(await benchOn(database.url));
    } finally {
      database.drop();
    }
  }
  const table = describe(runs);
  const minutes = (performance.now() - started) / 60_000;
  const machine =
    `${cpus().length} cores, Node ${process.version}, load average (1 min) ${loadAtStart.toFixed(1)} at start and ` +
    `${(loadavg()[0] ?? 0).toFixed(1)} at end, ${minutes.toFixed(1)} minutes in all`;
  console.log(`\n${table}\n\n${machine}`);
  if (process.env.BENCH_DRY_RUN === '1') return;
  const heading = `### ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC — bench:data`;
  const note =
    'A dataset (text, number, list and location fields) built and filled through the HTTP API by one owner; ' +
    'every call below is `POST /api/dataset/get-with-keys` (10 a page, with its count), sequential, on loopback; ' +
    'the filters are its `filters` (a folded LIKE on one field through the folded trigram index; a numeric range, ' +
    `which no index serves). ${machine}. ${process.env.BENCH_NOTE ?? ''}`.trimEnd();
  appendToResultsSection(
    join(repoRoot, 'bench/RESULTS.md'),
    '## Datasets',
    `${heading}\n\n${note}\n\n${table}\n`,
  );
}

await main();
