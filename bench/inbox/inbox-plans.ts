import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import SQLite from 'better-sqlite3';
import pg from 'pg';

/**
 * The bench's own connection to the server's database, to read the grouping progress and to show the plans of
 * the statements behind each endpoint (copies of what apps/server/src/modules/inbox runs, written by hand:
 * `?` placeholders). SQLite: EXPLAIN QUERY PLAN and one timed run; PostgreSQL: EXPLAIN (ANALYZE, BUFFERS).
 */
export interface PlanDatabase {
  dialect: 'sqlite' | 'postgres';
  // biome-ignore lint/suspicious/noExplicitAny: rows of the bench's own queries
  query(text: string, params?: unknown[]): Promise<any[]>;
  /** the plan and how long the statement took, as text */
  explain(text: string, params?: unknown[]): Promise<string>;
  close(): Promise<void>;
}

function numbered(text: string): string {
  let index = 0;
  return text.replace(/\?/g, () => {
    index += 1;
    return `$${index}`;
  });
}

export async function openPlanDatabase(databaseUrl: string | null, dataDir: string): Promise<PlanDatabase> {
  if (!databaseUrl) {
    const database = new SQLite(join(dataDir, 'hiwar.sqlite'), { readonly: true });
    database.pragma('busy_timeout = 10000');
    return {
      dialect: 'sqlite',
      query: async (text, params = []) => database.prepare(text).all(...params),
      explain: async (text, params = []) => {
        const plan = database.prepare(`explain query plan ${text}`).all(...params) as {
          id: number;
          parent: number;
          detail: string;
        }[];
        const depth = new Map<number, number>();
        const lines = plan.map((step) => {
          const level = (depth.get(step.parent) ?? -1) + 1;
          depth.set(step.id, level);
          return `${'  '.repeat(level)}${step.detail}`;
        });
        const statement = database.prepare(text);
        const times: number[] = [];
        let rows = 0;
        for (let run = 0; run < 3; run += 1) {
          const started = performance.now();
          rows = statement.all(...params).length;
          times.push(performance.now() - started);
        }
        return `${lines.join('\n')}\n  -> ${rows} rows; ${times.map((time) => time.toFixed(1)).join(' / ')} ms (3 runs)`;
      },
      close: async () => {
        database.close();
      },
    };
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  return {
    dialect: 'postgres',
    query: async (text, params = []) => (await client.query(numbered(text), params)).rows,
    explain: async (text, params = []) => {
      await client.query(numbered(text), params);
      const result = await client.query(`explain (analyze, buffers) ${numbered(text)}`, params);
      return result.rows.map((row) => String(row['QUERY PLAN'])).join('\n');
    },
    close: () => client.end(),
  };
}

export interface PlannedStatement {
  label: string;
  sql: string;
  params: unknown[];
}

/** The filtered list's chunk (filteredSenderKeys in conversation-repository.ts), first chunk. */
function chunkSql(conditions: string[]): string {
  return `select id, platform, sender_id from conversation_turns where user_id = ? and platform <> 'test'
    and id < ? ${conditions.map((condition) => `and ${condition}`).join(' ')} order by id desc limit 2000`;
}

export function statementsToExplain(
  dialect: 'sqlite' | 'postgres',
  userId: number,
  values: {
    commandId: number;
    from: string;
    toNext: string;
    commonWord: string;
    arabicWord: string;
    heavy: { platform: string; senderId: string };
    /** the most recently active open group */
    groupId: number;
  },
): PlannedStatement[] {
  const top = Number.MAX_SAFE_INTEGER;
  const like = (word: string) => `%${word}%`;
  const statements: PlannedStatement[] = [
    {
      label: 'conversations page 50 (senders)',
      sql: `select platform, sender_id, name, username, last_text, last_lang, last_at, turns_count from senders
        where user_id = ? and last_turn_id is not null and platform <> 'test' order by last_turn_id desc limit 21 offset 980`,
      params: [userId],
    },
    {
      label: 'filter platform=telegram&lang=de (chunk)',
      sql: chunkSql(['platform = ?', 'lang = ?']),
      params: [userId, top, 'telegram', 'de'],
    },
    {
      label: 'filter command_id (chunk)',
      sql: chunkSql(['command_id = ?']),
      params: [userId, top, values.commandId],
    },
    {
      label: 'filter not_understood=1 (chunk)',
      sql: chunkSql(['not_understood = 1']),
      params: [userId, top],
    },
    {
      label: 'filter from–to 30 days (chunk)',
      sql: chunkSql(['created_at >= ?', 'created_at < ?']),
      params: [userId, top, values.from, values.toNext],
    },
    {
      label: 'transcript heavy sender page 100 (turns)',
      sql: `select id, event, command_id, score, replies, trace, created_at, lang, not_understood from conversation_turns
        where user_id = ? and platform = ? and sender_id = ? order by id desc limit 51 offset 4949`,
      params: [userId, values.heavy.platform, values.heavy.senderId],
    },
    {
      label: 'transcript count',
      sql: `select count(*) as count from conversation_turns where user_id = ? and platform = ? and sender_id = ?`,
      params: [userId, values.heavy.platform, values.heavy.senderId],
    },
    {
      label: 'inbox grouping pass (500 not-understood turns)',
      sql: `select id, event, lang, candidates, created_at from conversation_turns
        where user_id = ? and platform <> 'test' and not_understood = 1 and id > ?
        and not exists (select inbox_messages.turn_id from inbox_messages where inbox_messages.turn_id = conversation_turns.id)
        order by id limit 500`,
      params: [userId, 0],
    },
    {
      label: 'inbox: count of open groups and their messages',
      sql: `select count(*) as groups, sum(messages_count) as messages from inbox_groups where user_id = ? and status = 'open'`,
      params: [userId],
    },
    {
      label: 'inbox: page 1 of open groups',
      sql: `select id, lang, messages_count, candidates, last_at from inbox_groups where user_id = ? and status = 'open'
        order by last_turn_id desc limit 20 offset 0`,
      params: [userId],
    },
    {
      label: "inbox: a group's newest 5 messages (run once per group of the page)",
      sql: `select conversation_turns.id, conversation_turns.event, conversation_turns.lang, conversation_turns.created_at,
        conversation_turns.platform, conversation_turns.sender_id from inbox_messages
        inner join conversation_turns on conversation_turns.id = inbox_messages.turn_id
        where inbox_messages.group_id = ? order by inbox_messages.turn_id desc limit 5`,
      params: [values.groupId],
    },
    {
      label: 'traffic count pass (20,000 turns)',
      sql: `select id, created_at, lang, not_understood from conversation_turns
        where user_id = ? and platform <> 'test' and id > ? order by id limit 20000`,
      params: [userId, 0],
    },
  ];
  if (dialect === 'sqlite') {
    for (const word of [values.commonWord, values.arabicWord]) {
      statements.push({
        label: `search "${word}" (FTS5 chunk)`,
        sql: `select rowid as id from conversation_turns_search where conversation_turns_search match ? and rowid < ?
          order by rowid desc limit 2000`,
        params: [`"${word}"`, top],
      });
    }
  } else {
    for (const word of [values.commonWord, values.arabicWord]) {
      statements.push({
        label: `search "${word}" (LIKE chunk)`,
        sql: chunkSql([`search_text like ? escape '\\'`]),
        params: [userId, top, like(word)],
      });
    }
  }
  return statements;
}

export interface ScratchFigure {
  label: string;
  p50: number;
  p99: number;
  rows: number;
}

async function timed(
  database: PlanDatabase,
  label: string,
  runs: number,
  statement: () => Promise<unknown[]>,
): Promise<ScratchFigure> {
  await statement();
  const times: number[] = [];
  let rows = 0;
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    rows = (await statement()).length;
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)] as number;
  void database;
  return { label, p50: at(0.5), p99: at(0.99), rows };
}

/**
 * A scratch rewrite of the date-window chunk (not in the server): the day index gives the window's first and
 * last turn ids (one index seek each), and the chunk then reads the owner's turns newest first within that id
 * range by `conversation_turns_owner` (user_id, id) — no sort of the whole window. The created_at conditions stay,
 * so no turn outside the window is listed. Answers the figures of the statement as the server runs it and of the
 * rewrite (bounds included), the rewrite's plan, and whether both return the same ids.
 */
export async function scratchDateWindow(
  database: PlanDatabase,
  userId: number,
  from: string,
  toNext: string,
  runs: number,
): Promise<{ figures: ScratchFigure[]; plan: string; isSame: boolean }> {
  const top = Number.MAX_SAFE_INTEGER;
  const original = chunkSql(['created_at >= ?', 'created_at < ?']);
  const originalParams = [userId, top, from, toNext];
  const bounds = async (): Promise<[number, number]> => {
    const [first] = await database.query(
      'select id from conversation_turns where user_id = ? and created_at >= ? order by created_at limit 1',
      [userId, from],
    );
    const [last] = await database.query(
      'select id from conversation_turns where user_id = ? and created_at < ? order by created_at desc limit 1',
      [userId, toNext],
    );
    return [Number(first?.id ?? top), Number(last?.id ?? 0)];
  };
  // the upper bound goes into the chunk's own `id < ?` (min(before, last + 1)): given two upper bounds on the
  // rowid, SQLite's planner uses only one of them (`id < before`) and scans down from the newest turn
  const rewritten = chunkSql(['id >= ?', 'created_at >= ?', 'created_at < ?']);
  const rewrittenParams = (low: number, high: number) => [userId, Math.min(top, high + 1), low, from, toNext];
  const figures = [
    await timed(database, 'as the server runs it', runs, () => database.query(original, originalParams)),
    await timed(database, 'rewrite: id range from the day index, then (user_id, id)', runs, async () => {
      const [low, high] = await bounds();
      return database.query(rewritten, rewrittenParams(low, high));
    }),
  ];
  const [low, high] = await bounds();
  const plan = await database.explain(rewritten, rewrittenParams(low, high));
  const before = (await database.query(original, originalParams)).map((row) => Number(row.id)).join(',');
  const after = (await database.query(rewritten, rewrittenParams(low, high)))
    .map((row) => Number(row.id))
    .join(',');
  return { figures, plan, isSame: before === after };
}

/**
 * Scratch rewrite of a transcript page (not in the server): the page's ids first, from the sender index alone
 * (PostgreSQL: an index-only scan; the skipped turns are never read from the table), then those rows by id.
 */
export async function scratchTranscript(
  database: PlanDatabase,
  userId: number,
  sender: { platform: string; senderId: string },
  page: number,
  runs: number,
): Promise<{ figures: ScratchFigure[]; plan: string; isSame: boolean }> {
  const columns = 'id, event, command_id, score, replies, trace, created_at, lang, not_understood';
  const skip = (page - 1) * 50 - 1;
  const params = [userId, sender.platform, sender.senderId];
  const original = `select ${columns} from conversation_turns where user_id = ? and platform = ? and sender_id = ?
    order by id desc limit 51 offset ${skip}`;
  const rewritten = `select ${columns} from conversation_turns where id in (select id from conversation_turns
    where user_id = ? and platform = ? and sender_id = ? order by id desc limit 51 offset ${skip}) order by id desc`;
  const figures = [
    await timed(database, 'as the server runs it', runs, () => database.query(original, params)),
    await timed(database, 'rewrite: ids from the sender index, then the rows', runs, () =>
      database.query(rewritten, params),
    ),
  ];
  const ids = async (text: string) =>
    (await database.query(text, params)).map((row) => Number(row.id)).join(',');
  return {
    figures,
    plan: await database.explain(rewritten, params),
    isSame: (await ids(original)) === (await ids(rewritten)),
  };
}

/**
 * Scratch rewrite of a filtered list's scan (not in the server): the same chunk statement, but the first chunk
 * reads `first` matching turns instead of 2,000 and each further chunk twice as many (up to 2,000), until the
 * page's senders are found. Answers the time to collect `wanted` senders both ways.
 */
export async function scratchChunks(
  database: PlanDatabase,
  userId: number,
  label: string,
  conditions: string[],
  values: unknown[],
  wanted: number,
  runs: number,
): Promise<ScratchFigure[]> {
  const text = `select id, platform, sender_id from conversation_turns where user_id = ? and platform <> 'test'
    and id < ? ${conditions.map((condition) => `and ${condition}`).join(' ')} order by id desc limit ?`;
  const collect = async (first: number) => {
    const seen = new Set<string>();
    let before = Number.MAX_SAFE_INTEGER;
    let size = first;
    for (;;) {
      const rows = await database.query(text, [userId, before, ...values, size]);
      for (const row of rows) seen.add(`${row.platform}:${row.sender_id}`);
      if (seen.size >= wanted || rows.length < size) return [...seen];
      before = Number(rows[rows.length - 1]?.id);
      size = Math.min(2000, size * 2);
    }
  };
  return [
    await timed(database, `${label}: chunks of 2,000 (as the server)`, runs, () => collect(2000)),
    await timed(database, `${label}: first chunk ${wanted * 4}, doubling`, runs, () => collect(wanted * 4)),
  ];
}
