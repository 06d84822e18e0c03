import { INBOX_PAGE_SIZE, type IncomingEvent, senderKeyOf } from '@hiwar/contracts';
import type { Database } from '../../platform/db/database.ts';
import { fromJson } from '../../platform/db/json.ts';
import { displayTextOf } from '../runtime/turn-text.ts';
import { isoOf } from './conversation-repository.ts';
import type { Candidate } from './inbox-grouping.ts';
import type { InboxGroupStatus, InboxTables } from './inbox-tables.ts';

function tablesOf(db: Database) {
  return db.withTables<InboxTables>();
}

/** Messages listed per group (the newest; `count` says how many it holds). */
const MESSAGES_SHOWN = 5;

export interface InboxGroupRow {
  id: number;
  lang: string;
  count: number;
  lastAt: string;
  candidates: Candidate[];
  messages: { turnId: number; text: string; lang: string; at: string; senderKey: string }[];
}

export async function countOpenGroups(
  db: Database,
  userId: number,
): Promise<{ groups: number; messages: number }> {
  const row = await tablesOf(db)
    .selectFrom('inbox_groups')
    .select((eb) => [
      eb.fn.countAll<number>().as('groups'),
      eb.fn.sum<number>('messages_count').as('messages'),
    ])
    .where('user_id', '=', userId)
    .where('status', '=', 'open')
    .executeTakeFirstOrThrow();
  return { groups: Number(row.groups), messages: Number(row.messages ?? 0) };
}

/** A page of the owner's open groups, the most recently active first, each with its newest messages. */
export async function listOpenGroups(db: Database, userId: number, page: number): Promise<InboxGroupRow[]> {
  const groups = await tablesOf(db)
    .selectFrom('inbox_groups')
    .select(['id', 'lang', 'messages_count', 'candidates', 'last_at'])
    .where('user_id', '=', userId)
    .where('status', '=', 'open')
    .orderBy('last_turn_id', 'desc')
    .limit(INBOX_PAGE_SIZE)
    .offset((page - 1) * INBOX_PAGE_SIZE)
    .execute();
  const answer: InboxGroupRow[] = [];
  for (const group of groups) {
    const messages = await tablesOf(db)
      .selectFrom('inbox_messages')
      .innerJoin('conversation_turns', 'conversation_turns.id', 'inbox_messages.turn_id')
      .select([
        'conversation_turns.id',
        'conversation_turns.event',
        'conversation_turns.lang',
        'conversation_turns.created_at',
        'conversation_turns.platform',
        'conversation_turns.sender_id',
      ])
      .where('inbox_messages.group_id', '=', group.id)
      .orderBy('inbox_messages.turn_id', 'desc')
      .limit(MESSAGES_SHOWN)
      .execute();
    answer.push({
      id: Number(group.id),
      lang: group.lang,
      count: Number(group.messages_count),
      lastAt: isoOf(group.last_at),
      candidates: fromJson<Candidate[]>(group.candidates, []),
      messages: messages.map((row) => ({
        turnId: Number(row.id),
        text: displayTextOf(fromJson<IncomingEvent>(row.event, { type: 'text', text: '' })),
        lang: row.lang ?? group.lang,
        at: isoOf(row.created_at),
        senderKey: senderKeyOf(row.platform, row.sender_id),
      })),
    });
  }
  return answer;
}

export interface OwnGroup {
  id: number;
  status: InboxGroupStatus;
}

export async function findOwnGroup(db: Database, userId: number, groupId: number): Promise<OwnGroup | null> {
  const row = await tablesOf(db)
    .selectFrom('inbox_groups')
    .select(['id', 'status'])
    .where('id', '=', groupId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? { id: Number(row.id), status: row.status } : null;
}

/** A message of the group: its event and language; null when the turn is not in it. */
export async function findGroupMessage(
  db: Database,
  groupId: number,
  turnId: number,
): Promise<{ event: IncomingEvent; lang: string | null } | null> {
  const row = await tablesOf(db)
    .selectFrom('inbox_messages')
    .innerJoin('conversation_turns', 'conversation_turns.id', 'inbox_messages.turn_id')
    .select(['conversation_turns.event', 'conversation_turns.lang'])
    .where('inbox_messages.group_id', '=', groupId)
    .where('inbox_messages.turn_id', '=', turnId)
    .executeTakeFirst();
  if (!row) return null;
  return { event: fromJson<IncomingEvent>(row.event, { type: 'text', text: '' }), lang: row.lang };
}

/** Closes an open group (added as an example, or dismissed); false when it was no longer open. */
export async function closeGroup(
  db: Database,
  groupId: number,
  status: Exclude<InboxGroupStatus, 'open'>,
  at: string,
): Promise<boolean> {
  const result = await tablesOf(db)
    .updateTable('inbox_groups')
    .set({ status, updated_at: at })
    .where('id', '=', groupId)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
