import {
  CONVERSATIONS_PAGE_SIZE,
  type ConversationRow,
  type ConversationsQuery,
  senderKeyOf,
  TEST_PLATFORM,
} from '@hiwar/contracts';
import { sql } from 'kysely';
import type { SenderKey } from '../../kernel/sender-key.ts';
import type { Database, DialectName } from '../../platform/db/database.ts';
import { foldSearchQuery } from '../runtime/turn-text.ts';
import { customerTurnsOf, notUnderstood, STORE_LAG_MS } from './customer-turns.ts';
import type { InboxTables } from './inbox-tables.ts';

function tablesOf(db: Database) {
  return db.withTables<InboxTables>();
}

/**
 * Turns read at a time while collecting the senders of a filtered list: the first chunk 4 per sender wanted,
 * then twice the last, up to 2,000 (a page of 21 senders rarely needs more than the first).
 */
const SCAN_CHUNK = 2000;
const FIRST_CHUNK_PER_SENDER = 4;
/** A filtered list stops looking after this many matching turns (then says there may be more). */
const SCAN_LIMIT = 200_000;
/** The shortest search an FTS5 trigram index can answer; shorter ones scan. */
const TRIGRAM = 3;

export function isoOf(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  const text = String(value);
  const parsed = new Date(text);
  return Number.isNaN(parsed.getTime()) ? text : parsed.toISOString();
}

function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString();
}

/** Whether a list needs the turns (any filter but the platform). */
function filtersTurns(query: ConversationsQuery): boolean {
  return Boolean(
    query.from ||
      query.to ||
      query.lang ||
      query.command_id ||
      query.not_understood === 1 ||
      (query.search && foldSearchQuery(query.search) !== ''),
  );
}

interface SenderRow {
  platform: string;
  sender_id: string;
  name: string;
  username: string;
  last_text: string;
  last_lang: string | null;
  last_at: unknown;
  turns_count: number;
}

function rowOf(row: SenderRow, handoffs: Map<string, 'waiting' | 'active'>): ConversationRow {
  const key = senderKeyOf(row.platform, row.sender_id);
  return {
    sender_key: key,
    platform: row.platform,
    sender_id: row.sender_id,
    name: row.name,
    username: row.username,
    last_text: row.last_text,
    last_lang: row.last_lang,
    last_at: row.last_at === null ? '' : isoOf(row.last_at),
    turns: Number(row.turns_count),
    handoff: handoffs.get(key) ?? null,
  };
}

const SENDER_COLUMNS = [
  'platform',
  'sender_id',
  'name',
  'username',
  'last_text',
  'last_lang',
  'last_at',
  'turns_count',
] as const;

/** The owner's open hand-overs among these senders, by sender key. */
async function handoffsOf(
  db: Database,
  userId: number,
  senderIds: string[],
): Promise<Map<string, 'waiting' | 'active'>> {
  if (senderIds.length === 0) return new Map();
  const rows = await tablesOf(db)
    .selectFrom('handoffs')
    .select(['platform', 'sender_id', 'status'])
    .where('user_id', '=', userId)
    .where('status', '<>', 'closed')
    .where('sender_id', 'in', senderIds)
    .execute();
  return new Map(
    rows.map((row) => [
      senderKeyOf(row.platform, row.sender_id),
      row.status === 'active' ? ('active' as const) : ('waiting' as const),
    ]),
  );
}

interface SenderPair {
  platform: string;
  sender_id: string;
}

/** The senders the owner has handed over to a person now (a few at a time: each waits for an answer). */
async function handedOverSenders(db: Database, userId: number, platform?: string): Promise<SenderPair[]> {
  let select = tablesOf(db)
    .selectFrom('handoffs')
    .select(['platform', 'sender_id'])
    .where('user_id', '=', userId)
    .where('status', '<>', 'closed');
  if (platform) select = select.where('platform', '=', platform);
  return select.execute();
}

/** `(platform = ? and sender_id = ?) or …`: a sender id is unique only within its platform. */
function isOneOf(senders: SenderPair[]) {
  const pairs = senders.map(
    (sender) => sql`(platform = ${sender.platform} and sender_id = ${sender.sender_id})`,
  );
  return sql<boolean>`(${sql.join(pairs, sql` or `)})`;
}

/** Turn ids matching a search below `before`, newest first (SQLite: the FTS5 trigram table). */
async function searchedTurnIds(
  db: Database,
  folded: string,
  before: number,
  limit: number,
): Promise<number[]> {
  const phrase = `"${folded.replaceAll('"', '""')}"`;
  const result = await sql<{ id: number }>`select rowid as id from conversation_turns_search
    where conversation_turns_search match ${phrase} and rowid < ${before} order by rowid desc limit ${limit}`.execute(
    db,
  );
  return result.rows.map((row) => Number(row.id));
}

function likePattern(folded: string): string {
  return `%${folded.replace(/[\\%_]/gu, (character) => `\\${character}`)}%`;
}

/**
 * The turn ids a day range can hold, from two seeks of the `(user_id, created_at)` index (with STORE_LAG_MS
 * of slack either side: a slow turn is stored after quicker ones that started later), so the newest-first
 * scan starts at the range's end instead of walking back through every later turn. Null when no turn can be
 * in the range.
 */
async function idBoundsOfDays(
  db: Database,
  userId: number,
  query: ConversationsQuery,
): Promise<{ from: number; before: number } | null> {
  let from = 0;
  let before = Number.MAX_SAFE_INTEGER;
  if (query.from) {
    const start = new Date(Date.parse(`${query.from}T00:00:00Z`) - STORE_LAG_MS).toISOString();
    const first = await tablesOf(db)
      .selectFrom('conversation_turns')
      .select('id')
      .where('user_id', '=', userId)
      .where('created_at', '>=', start)
      .orderBy('created_at')
      .limit(1)
      .executeTakeFirst();
    if (!first) return null;
    from = Number(first.id);
  }
  if (query.to) {
    const end = new Date(Date.parse(nextDay(query.to)) + STORE_LAG_MS).toISOString();
    const last = await tablesOf(db)
      .selectFrom('conversation_turns')
      .select('id')
      .where('user_id', '=', userId)
      .where('created_at', '<', end)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!last) return null;
    before = Number(last.id) + 1;
  }
  return { from, before };
}

/**
 * The senders whose turns match the filters, newest first: the owner's turns are read newest first in chunks
 * (by an index that fits the filter: the command's, the not-understood one, the day's, the search's) and their
 * senders collected until the page is full.
 */
async function filteredSenderKeys(
  db: Database,
  dialect: DialectName,
  userId: number,
  query: ConversationsQuery,
  wanted: number,
  onlySenders: SenderPair[] | null,
): Promise<{ keys: { platform: string; senderId: string }[]; isExhausted: boolean }> {
  const folded = query.search ? foldSearchQuery(query.search) : '';
  const isTrigramSearch = dialect === 'sqlite' && [...folded].length >= TRIGRAM;
  const seen = new Set<string>();
  const keys: { platform: string; senderId: string }[] = [];
  const bounds = await idBoundsOfDays(db, userId, query);
  if (!bounds) return { keys, isExhausted: true };
  let before = bounds.before;
  let scanned = 0;
  let chunk = Math.min(SCAN_CHUNK, Math.max(FIRST_CHUNK_PER_SENDER * wanted, 40));
  while (keys.length < wanted && scanned < SCAN_LIMIT) {
    let ids: number[] | null = null;
    if (isTrigramSearch) {
      ids = (await searchedTurnIds(db, folded, before, chunk)).filter((id) => id >= bounds.from);
      if (ids.length === 0) return { keys, isExhausted: true };
    }
    let select = customerTurnsOf(db, userId).select(['id', 'platform', 'sender_id']);
    if (ids) select = select.where('id', 'in', ids);
    else select = select.where('id', '<', before);
    if (bounds.from > 0) select = select.where('id', '>=', bounds.from);
    if (query.platform) select = select.where('platform', '=', query.platform);
    if (onlySenders) select = select.where(isOneOf(onlySenders));
    if (query.from) select = select.where('created_at', '>=', `${query.from}T00:00:00.000Z`);
    if (query.to) select = select.where('created_at', '<', nextDay(query.to));
    // the language the customer wrote in, as the list labels it (the bot's reading for turns stored before 0042)
    if (query.lang) select = select.where((eb) => eb.fn.coalesce('sender_lang', 'lang'), '=', query.lang);
    if (query.command_id) select = select.where('command_id', '=', query.command_id);
    if (query.not_understood === 1) select = select.where(notUnderstood);
    if (folded !== '' && !isTrigramSearch) {
      select = select.where(sql<boolean>`search_text like ${likePattern(folded)} escape '\\'`);
    }
    const rows = await select
      .orderBy('id', 'desc')
      .limit(ids ? ids.length : chunk)
      .execute();
    for (const row of rows) {
      const key = senderKeyOf(row.platform, row.sender_id);
      if (seen.has(key)) continue;
      seen.add(key);
      keys.push({ platform: row.platform, senderId: row.sender_id });
    }
    if (ids) {
      before = Math.min(...ids);
      scanned += ids.length;
      if (ids.length < chunk) return { keys, isExhausted: true };
    } else {
      if (rows.length < chunk) return { keys, isExhausted: true };
      before = Number(rows[rows.length - 1]?.id ?? 0);
      scanned += rows.length;
    }
    chunk = Math.min(SCAN_CHUNK, chunk * 2);
  }
  return { keys, isExhausted: false };
}

/** GET /conversations: a page of the owner's senders, newest conversation first, as the filters allow. */
export async function listConversations(
  db: Database,
  dialect: DialectName,
  userId: number,
  query: ConversationsQuery,
): Promise<{ rows: ConversationRow[]; hasMore: boolean }> {
  const skip = (query.page - 1) * CONVERSATIONS_PAGE_SIZE;
  const onlySenders = query.handed_over === 1 ? await handedOverSenders(db, userId, query.platform) : null;
  if (onlySenders?.length === 0) return { rows: [], hasMore: false };
  let senders: SenderRow[];
  let hasMore: boolean;
  if (!filtersTurns(query)) {
    let select = db
      .selectFrom('senders')
      .select([...SENDER_COLUMNS])
      .where('user_id', '=', userId)
      .where('last_turn_id', 'is not', null)
      .where('platform', '<>', TEST_PLATFORM);
    if (query.platform) select = select.where('platform', '=', query.platform);
    if (onlySenders) select = select.where(isOneOf(onlySenders));
    const rows = await select
      .orderBy('last_turn_id', 'desc')
      .limit(CONVERSATIONS_PAGE_SIZE + 1)
      .offset(skip)
      .execute();
    hasMore = rows.length > CONVERSATIONS_PAGE_SIZE;
    senders = rows.slice(0, CONVERSATIONS_PAGE_SIZE);
  } else {
    const { keys, isExhausted } = await filteredSenderKeys(
      db,
      dialect,
      userId,
      query,
      skip + CONVERSATIONS_PAGE_SIZE + 1,
      onlySenders,
    );
    const page = keys.slice(skip, skip + CONVERSATIONS_PAGE_SIZE);
    hasMore = keys.length > skip + CONVERSATIONS_PAGE_SIZE || (!isExhausted && page.length > 0);
    const rows =
      page.length === 0
        ? []
        : await db
            .selectFrom('senders')
            .select([...SENDER_COLUMNS])
            .where('user_id', '=', userId)
            .where(
              'sender_id',
              'in',
              page.map((key) => key.senderId),
            )
            .execute();
    const byKey = new Map(rows.map((row) => [senderKeyOf(row.platform, row.sender_id), row]));
    senders = page.flatMap((key) => {
      const row = byKey.get(senderKeyOf(key.platform, key.senderId));
      return row ? [row] : [];
    });
  }
  const handoffs = await handoffsOf(
    db,
    userId,
    senders.map((row) => row.sender_id),
  );
  return { rows: senders.map((row) => rowOf(row, handoffs)), hasMore };
}

/** One of the owner's conversations, or null (another owner's, or a sender who never wrote). */
export async function findConversation(db: Database, sender: SenderKey): Promise<ConversationRow | null> {
  const row = await db
    .selectFrom('senders')
    .select([...SENDER_COLUMNS])
    .where('user_id', '=', sender.userId)
    .where('platform', '=', sender.platform)
    .where('sender_id', '=', sender.senderId)
    .where('last_turn_id', 'is not', null)
    .executeTakeFirst();
  if (!row) return null;
  return rowOf(row, await handoffsOf(db, sender.userId, [sender.senderId]));
}

/** The names of the owner's commands among these ids. */
export async function commandNamesOf(
  db: Database,
  userId: number,
  commandIds: Iterable<number>,
): Promise<Map<number, string>> {
  const ids = [...new Set(commandIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('commands')
    .select(['command_id', 'command_name'])
    .where('user_id', '=', userId)
    .where('command_id', 'in', ids)
    .execute();
  return new Map(rows.map((row) => [Number(row.command_id), row.command_name]));
}
