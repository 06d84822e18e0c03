import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { makeSenders, type SenderSpec, type TurnRow, turnGenerator, turnSenders } from './inbox-data.ts';

/**
 * Seeds the owner's conversations straight into the server's database (after the server migrated it): the turns
 * in big multi-row inserts inside transactions, then each sender's summary (`senders`: last turn, time, text,
 * language, number of turns) in bulk, then ANALYZE. SQLite: 500 rows a statement, 50,000 a transaction; the
 * FTS5 search table is filled by the migration's insert trigger. PostgreSQL: 10,000 rows a statement (unnest of
 * arrays), 100,000 a transaction; the table's secondary indexes (the pg_trgm GIN index included) are dropped
 * before and re-created after from their own definitions, which is much faster than maintaining them row by row.
 */

export interface SeedResult {
  turns: number;
  senders: SenderSpec[];
  /** seconds: turns, senders, indexes (PostgreSQL), ANALYZE */
  seconds: { turns: number; senders: number; indexes: number; analyze: number; total: number };
  heavy: SenderSpec;
  light: SenderSpec;
}

interface SenderSummary {
  count: Int32Array;
  lastId: Int32Array;
  firstAt: string[];
  lastAt: string[];
  lastText: string[];
  lastLang: string[];
}

function emptySummary(senders: number): SenderSummary {
  return {
    count: new Int32Array(senders),
    lastId: new Int32Array(senders),
    firstAt: new Array(senders).fill(''),
    lastAt: new Array(senders).fill(''),
    lastText: new Array(senders).fill(''),
    lastLang: new Array(senders).fill(''),
  };
}

/** Generates the turns in id order, `batch` at a time, keeping each sender's summary. */
function* turnBatches(
  turns: number,
  senders: SenderSpec[],
  commandIds: number[],
  batch: number,
  summary: SenderSummary,
): Generator<TurnRow[]> {
  const order = turnSenders(turns, senders.length);
  const generator = turnGenerator(turns, commandIds, Date.now());
  let rows: TurnRow[] = [];
  for (let id = 1; id <= turns; id += 1) {
    const index = order[id - 1] as number;
    const row = generator.turn(id, senders[index] as SenderSpec);
    summary.count[index] = (summary.count[index] as number) + 1;
    summary.lastId[index] = id;
    if (summary.firstAt[index] === '') summary.firstAt[index] = row.createdAt;
    summary.lastAt[index] = row.createdAt;
    summary.lastText[index] = row.lastText;
    summary.lastLang[index] = row.lang;
    rows.push(row);
    if (rows.length === batch) {
      yield rows;
      rows = [];
    }
  }
  if (rows.length > 0) yield rows;
}

const TURN_COLUMNS =
  'id, user_id, platform, sender_id, event, command_id, score, replies, trace, created_at, lang, not_understood, candidates, search_text';
const SENDER_COLUMNS =
  'user_id, platform, sender_id, name, username, created_at, last_turn_id, last_at, last_text, last_lang, turns_count';

function turnValues(row: TurnRow, userId: number): unknown[] {
  return [
    row.id,
    userId,
    row.platform,
    row.senderId,
    row.event,
    row.commandId,
    row.score,
    row.replies,
    '[]',
    row.createdAt,
    row.lang,
    row.notUnderstood,
    row.candidates,
    row.searchText,
  ];
}

function senderValues(sender: SenderSpec, index: number, summary: SenderSummary, userId: number): unknown[] {
  return [
    userId,
    sender.platform,
    sender.senderId,
    sender.name,
    '',
    summary.firstAt[index],
    summary.lastId[index],
    summary.lastAt[index],
    summary.lastText[index],
    summary.lastLang[index],
    summary.count[index],
  ];
}

function progress(label: string, done: number, turns: number, started: number): void {
  if (done % 100_000 !== 0 && done !== turns) return;
  const seconds = (performance.now() - started) / 1000;
  console.log(`${label}: ${done.toLocaleString('en')} turns in ${seconds.toFixed(1)} s`);
}

export function seedSqlite(
  dataDir: string,
  userId: number,
  commandIds: number[],
  turns: number,
  senderCount: number,
): SeedResult {
  const database = new SQLite(join(dataDir, 'hiwar.sqlite'));
  database.pragma('busy_timeout = 30000');
  database.pragma('synchronous = OFF');
  database.pragma('cache_size = -262144');
  const senders = makeSenders(senderCount);
  const summary = emptySummary(senderCount);
  const started = performance.now();
  const perStatement = 500;
  const perTransaction = 50_000;
  const statements = new Map<number, SQLite.Statement>();
  const insertOf = (rows: number) => {
    let statement = statements.get(rows);
    if (!statement) {
      const tuple = `(${new Array(14).fill('?').join(',')})`;
      statement = database.prepare(
        `insert into conversation_turns (${TURN_COLUMNS}) values ${new Array(rows).fill(tuple).join(',')}`,
      );
      statements.set(rows, statement);
    }
    return statement;
  };
  const writeTransaction = database.transaction((rows: TurnRow[]) => {
    for (let start = 0; start < rows.length; start += perStatement) {
      const chunk = rows.slice(start, start + perStatement);
      insertOf(chunk.length).run(...chunk.flatMap((row) => turnValues(row, userId)));
    }
  });
  let done = 0;
  for (const rows of turnBatches(turns, senders, commandIds, perTransaction, summary)) {
    writeTransaction(rows);
    done += rows.length;
    progress('SQLite seed', done, turns, started);
  }
  const turnsDone = performance.now();
  const senderTuple = `(${new Array(11).fill('?').join(',')})`;
  const writeSenders = database.transaction(() => {
    for (let start = 0; start < senderCount; start += perStatement) {
      const slice = senders.slice(start, start + perStatement);
      database
        .prepare(`insert into senders (${SENDER_COLUMNS}) values ${slice.map(() => senderTuple).join(',')}`)
        .run(...slice.flatMap((sender, offset) => senderValues(sender, start + offset, summary, userId)));
    }
  });
  writeSenders();
  const sendersDone = performance.now();
  database.exec('analyze');
  database.pragma('wal_checkpoint(TRUNCATE)');
  const analyzed = performance.now();
  database.close();
  return {
    turns,
    senders,
    heavy: senders[0] as SenderSpec,
    light: senders[1] as SenderSpec,
    seconds: {
      turns: (turnsDone - started) / 1000,
      senders: (sendersDone - turnsDone) / 1000,
      indexes: 0,
      analyze: (analyzed - sendersDone) / 1000,
      total: (analyzed - started) / 1000,
    },
  };
}

const PG_TURN_TYPES = [
  'bigint',
  'bigint',
  'text',
  'text',
  'text',
  'bigint',
  'float8',
  'text',
  'text',
  'timestamptz',
  'text',
  'smallint',
  'text',
  'text',
];
const PG_SENDER_TYPES = [
  'bigint',
  'text',
  'text',
  'text',
  'text',
  'timestamptz',
  'bigint',
  'timestamptz',
  'text',
  'text',
  'integer',
];

function unnestInsert(table: string, columns: string, types: string[]): string {
  const arrays = types.map((type, index) => `$${index + 1}::${type}[]`).join(', ');
  return `insert into ${table} (${columns}) select * from unnest(${arrays})`;
}

function columnsOf(rows: unknown[][], width: number): unknown[][] {
  const columns: unknown[][] = Array.from({ length: width }, () => []);
  for (const row of rows) for (let index = 0; index < width; index += 1) columns[index]?.push(row[index]);
  return columns;
}

export async function seedPostgres(
  databaseUrl: string,
  userId: number,
  commandIds: number[],
  turns: number,
  senderCount: number,
): Promise<SeedResult> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`set maintenance_work_mem = '512MB'`);
    await client.query('set synchronous_commit = off');
    const senders = makeSenders(senderCount);
    const summary = emptySummary(senderCount);
    const started = performance.now();
    const indexes = await client.query<{ indexname: string; indexdef: string }>(
      `select indexname, indexdef from pg_indexes where schemaname = current_schema()
        and tablename = 'conversation_turns' and indexname <> 'conversation_turns_pkey'`,
    );
    for (const index of indexes.rows) await client.query(`drop index ${index.indexname}`);
    const insertTurns = unnestInsert('conversation_turns', TURN_COLUMNS, PG_TURN_TYPES);
    let done = 0;
    const perStatement = 10_000;
    await client.query('begin');
    for (const rows of turnBatches(turns, senders, commandIds, perStatement, summary)) {
      await client.query(
        insertTurns,
        columnsOf(
          rows.map((row) => turnValues(row, userId)),
          14,
        ),
      );
      done += rows.length;
      if (done % 100_000 === 0) {
        await client.query('commit');
        await client.query('begin');
      }
      progress('PostgreSQL seed', done, turns, started);
    }
    await client.query('commit');
    await client.query(
      `select setval(pg_get_serial_sequence('conversation_turns', 'id'), (select max(id) from conversation_turns))`,
    );
    const turnsDone = performance.now();
    for (const index of indexes.rows) {
      const indexStarted = performance.now();
      await client.query(index.indexdef);
      console.log(
        `PostgreSQL seed: index ${index.indexname} in ${((performance.now() - indexStarted) / 1000).toFixed(1)} s`,
      );
    }
    const indexesDone = performance.now();
    await client.query(
      unnestInsert('senders', SENDER_COLUMNS, PG_SENDER_TYPES),
      columnsOf(
        senders.map((sender, index) => senderValues(sender, index, summary, userId)),
        11,
      ),
    );
    const sendersDone = performance.now();
    await client.query('vacuum analyze conversation_turns');
    await client.query('vacuum analyze senders');
    const analyzed = performance.now();
    return {
      turns,
      senders,
      heavy: senders[0] as SenderSpec,
      light: senders[1] as SenderSpec,
      seconds: {
        turns: (turnsDone - started) / 1000,
        senders: (sendersDone - indexesDone) / 1000,
        indexes: (indexesDone - turnsDone) / 1000,
        analyze: (analyzed - sendersDone) / 1000,
        total: (analyzed - started) / 1000,
      },
    };
  } finally {
    await client.end();
  }
}
