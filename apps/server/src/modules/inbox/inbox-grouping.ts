import type { IncomingEvent } from '@hiwar/contracts';
import type { ExpressionBuilder } from 'kysely';
import { nowIso } from '../../platform/db/clock.ts';
import type { Database } from '../../platform/db/database.ts';
import { fromJson, toJson } from '../../platform/db/json.ts';
import { displayTextOf, foldSearchQuery } from '../runtime/turn-text.ts';
import { isoOf } from './conversation-repository.ts';
import { customerTurnsOf, notUnderstood, settledBefore } from './customer-turns.ts';
import { progressOf } from './inbox-progress.ts';
import type { InboxGroupStatus, InboxTables } from './inbox-tables.ts';

function tablesOf(db: Database) {
  return db.withTables<InboxTables>();
}

/** Not-understood turns grouped per pass (a pass is one transaction). */
const TURNS_PER_PASS = 500;
/** Passes per call: an owner's backlog is grouped over several reads rather than stalling one. */
const PASSES_PER_CALL = 20;
/** The groups a new message is compared with: the owner's most recently active ones. */
const GROUPS_COMPARED = 300;
/** How similar (0–1) a message must be to a group's first message to join it. */
export const SAME_GROUP = 0.5;
const CANDIDATES_KEPT = 3;

export interface Candidate {
  commandId: number;
  score: number;
}

function wordsOf(folded: string): Set<string> {
  return new Set(folded.split(/[^\p{L}\p{N}]+/u).filter((word) => word !== ''));
}

function trigramsOf(folded: string): Set<string> {
  const padded = ` ${folded} `;
  const grams = new Set<string>();
  const letters = [...padded];
  for (let index = 0; index + 3 <= letters.length; index += 1)
    grams.add(letters.slice(index, index + 3).join(''));
  return grams;
}

function overlap(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const item of a) if (b.has(item)) shared += 1;
  return shared;
}

/**
 * How alike two folded messages are: the better of their words' Jaccard index and their letter trigrams' Dice
 * coefficient (which forgives typos and Arabic's attached particles: "الاسعار" and "اسعار").
 */
export function similarityOf(a: string, b: string): number {
  if (a === b) return 1;
  const wordsA = wordsOf(a);
  const wordsB = wordsOf(b);
  const sharedWords = overlap(wordsA, wordsB);
  const jaccard = sharedWords / Math.max(1, wordsA.size + wordsB.size - sharedWords);
  const gramsA = trigramsOf(a);
  const gramsB = trigramsOf(b);
  const dice = (2 * overlap(gramsA, gramsB)) / Math.max(1, gramsA.size + gramsB.size);
  return Math.max(jaccard, dice);
}

/** A group's candidates with a message's: each command's best score, best first, at most three. */
export function mergeCandidates(a: readonly Candidate[], b: readonly Candidate[]): Candidate[] {
  const best = new Map<number, number>();
  for (const candidate of [...a, ...b]) {
    best.set(candidate.commandId, Math.max(best.get(candidate.commandId) ?? 0, candidate.score));
  }
  return [...best.entries()]
    .map(([commandId, score]) => ({ commandId, score }))
    .sort((x, y) => y.score - x.score)
    .slice(0, CANDIDATES_KEPT);
}

interface WorkingGroup {
  id: number | null;
  lang: string;
  words: string;
  status: InboxGroupStatus;
  count: number;
  candidates: Candidate[];
  lastTurnId: number;
  lastAt: string;
  turnIds: number[];
  isChanged: boolean;
}

/** Whether the turn is in a group (`inbox_messages`: one row per message grouped). */
function isGrouped(eb: ExpressionBuilder<InboxTables, 'conversation_turns'>) {
  return eb.exists(
    eb
      .selectFrom('inbox_messages')
      .select('inbox_messages.turn_id')
      .whereRef('inbox_messages.turn_id', '=', 'conversation_turns.id'),
  );
}

/** The owner's groups a message is compared with: the most recently active open or dismissed ones. */
async function comparedGroups(db: Database, userId: number): Promise<WorkingGroup[]> {
  const stored = await tablesOf(db)
    .selectFrom('inbox_groups')
    .select(['id', 'lang', 'words', 'status', 'messages_count', 'candidates', 'last_turn_id', 'last_at'])
    .where('user_id', '=', userId)
    .where('status', '<>', 'added')
    .orderBy('last_turn_id', 'desc')
    .limit(GROUPS_COMPARED)
    .execute();
  return stored.map((row) => ({
    id: Number(row.id),
    lang: row.lang,
    words: row.words,
    status: row.status,
    count: Number(row.messages_count),
    candidates: fromJson<Candidate[]>(row.candidates, []),
    lastTurnId: Number(row.last_turn_id),
    lastAt: String(row.last_at),
    turnIds: [],
    isChanged: false,
  }));
}

/**
 * One pass: the owner's not-understood messages that are in no group yet join the most similar group of their
 * language (open or dismissed — a dismissed group keeps its kind out of the inbox; a group already added as
 * an example does not take new ones: if the bot still fails them, that is news) or start a new one. Which
 * messages are grouped is `inbox_messages` itself; the `grouped_until` mark only spares reading those long
 * grouped, and moves only over settled turns (`settledBefore`), so a message another process stores after
 * later ones still joins the inbox. Answers how many messages it read; another process grouping the same ones
 * at once makes it throw GroupedElsewhere (its transaction then wrote nothing).
 */
async function groupPass(db: Database, userId: number, before: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const from = await progressOf(trx, userId, 'grouped_until');
    const turns = await customerTurnsOf(trx, userId)
      .select(['id', 'event', 'lang', 'candidates', 'created_at'])
      .where(notUnderstood)
      .where('id', '>', from)
      .where((eb) => eb.not(isGrouped(eb)))
      .orderBy('id')
      .limit(TURNS_PER_PASS)
      .execute();
    // none to group: the pass only moves the mark over messages grouped before and settled since
    const groups = turns.length === 0 ? [] : await comparedGroups(trx, userId);
    for (const turn of turns) {
      const text = foldSearchQuery(
        displayTextOf(fromJson<IncomingEvent>(turn.event, { type: 'text', text: '' })),
      );
      if (text === '') continue;
      const lang = turn.lang ?? '';
      let best: WorkingGroup | null = null;
      let bestScore = SAME_GROUP;
      for (const group of groups) {
        if (group.lang !== lang) continue;
        const score = similarityOf(text, group.words);
        if (score >= bestScore) {
          best = group;
          bestScore = score;
        }
      }
      const candidates = fromJson<Candidate[]>(turn.candidates, []);
      const at = isoOf(turn.created_at);
      if (!best) {
        best = {
          id: null,
          lang,
          words: text,
          status: 'open',
          count: 0,
          candidates: [],
          lastTurnId: 0,
          lastAt: at,
          turnIds: [],
          isChanged: true,
        };
        groups.unshift(best);
      }
      best.count += 1;
      best.candidates = mergeCandidates(best.candidates, candidates);
      // a message stored late may come before the group's last one
      if (Number(turn.id) > best.lastTurnId) {
        best.lastTurnId = Number(turn.id);
        best.lastAt = at;
      }
      best.turnIds.push(Number(turn.id));
      best.isChanged = true;
    }
    const now = nowIso();
    for (const group of groups) {
      if (!group.isChanged) continue;
      if (group.id === null) {
        const row = await tablesOf(trx)
          .insertInto('inbox_groups')
          .values({
            user_id: userId,
            lang: group.lang,
            words: group.words,
            messages_count: group.count,
            candidates: toJson(group.candidates),
            last_turn_id: group.lastTurnId,
            last_at: group.lastAt,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        group.id = Number(row.id);
      } else {
        await tablesOf(trx)
          .updateTable('inbox_groups')
          .set({
            messages_count: group.count,
            candidates: toJson(group.candidates),
            last_turn_id: group.lastTurnId,
            last_at: group.lastAt,
            updated_at: now,
          })
          .where('id', '=', group.id)
          .execute();
      }
      const groupId = group.id;
      for (let start = 0; start < group.turnIds.length; start += 300) {
        const slice = group.turnIds.slice(start, start + 300);
        const inserted = await tablesOf(trx)
          .insertInto('inbox_messages')
          .values(slice.map((turnId) => ({ turn_id: turnId, group_id: groupId, user_id: userId })))
          .onConflict((conflict) => conflict.column('turn_id').doNothing())
          .executeTakeFirst();
        // another process grouped some of these messages meanwhile: undo this pass and read them again
        if (Number(inserted.numInsertedOrUpdatedRows ?? slice.length) !== slice.length) {
          throw new GroupedElsewhere();
        }
      }
    }
    const mark = await groupedMark(trx, userId, from, before, turns);
    if (mark > from) {
      const moved = await tablesOf(trx)
        .updateTable('inbox_progress')
        .set({ grouped_until: mark })
        .where('user_id', '=', userId)
        .where('grouped_until', '=', from)
        .executeTakeFirst();
      // another process moved the mark meanwhile: undo this pass (PostgreSQL; SQLite has one writer)
      if (Number(moved.numUpdatedRows) !== 1) throw new GroupedElsewhere();
    }
    return turns.length;
  });
}

/**
 * Where the `grouped_until` mark may move after a pass that read `turns` (the first ungrouped messages after
 * `from`, TURNS_PER_PASS at most): to the last not-understood message stored before `before` — but not past
 * the last one read when the pass was full (those after it are still to be grouped).
 */
async function groupedMark(
  db: Database,
  userId: number,
  from: number,
  before: number,
  turns: readonly { id: number }[],
): Promise<number> {
  let select = customerTurnsOf(db, userId)
    .select((eb) => eb.fn.max('conversation_turns.id').as('last'))
    .where(notUnderstood)
    .where('id', '>', from)
    .where('created_at', '<', new Date(before).toISOString());
  const last = turns[turns.length - 1];
  if (turns.length === TURNS_PER_PASS && last) select = select.where('id', '<=', Number(last.id));
  const row = await select.executeTakeFirst();
  return row?.last === null || row?.last === undefined ? from : Number(row.last);
}

class GroupedElsewhere extends Error {}

/**
 * Whether a pass has work: a not-understood message after the mark that is in no group yet, or one settled
 * since (the mark moves over it). Index seeks, no transaction.
 */
async function hasUngroupedMessages(db: Database, userId: number, before: number): Promise<boolean> {
  const progress = await tablesOf(db)
    .selectFrom('inbox_progress')
    .select('grouped_until')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const next = await customerTurnsOf(db, userId)
    .select('id')
    .where(notUnderstood)
    .where('id', '>', Number(progress?.grouped_until ?? 0))
    .where((eb) => eb.or([eb('created_at', '<', new Date(before).toISOString()), eb.not(isGrouped(eb))]))
    .limit(1)
    .executeTakeFirst();
  return next !== undefined;
}

/**
 * Brings the owner's inbox up to date with the turns stored since it was last read: grouping happens when the
 * inbox (or the dashboard's count) is read, so storing a turn costs nothing more than its flag.
 */
export async function groupNewMessages(db: Database, userId: number, now = new Date()): Promise<void> {
  const before = settledBefore(now);
  if (!(await hasUngroupedMessages(db, userId, before))) return;
  for (let pass = 0; pass < PASSES_PER_CALL; pass += 1) {
    try {
      const grouped = await groupPass(db, userId, before);
      if (grouped < TURNS_PER_PASS) return;
    } catch (error) {
      if (error instanceof GroupedElsewhere) continue;
      throw error;
    }
  }
}

/** The group a not-understood turn was put in, or 0 when it is in none (yet). */
export async function groupOfTurn(db: Database, turnId: number): Promise<number> {
  const row = await tablesOf(db)
    .selectFrom('inbox_messages')
    .select('group_id')
    .where('turn_id', '=', turnId)
    .executeTakeFirst();
  return row ? Number(row.group_id) : 0;
}
