import {
  type AddInboxExampleRequest,
  CONVERSATIONS_PAGE_SIZE,
  type ConversationsQuery,
  INBOX_PAGE_SIZE,
  type InboxResponse,
  inboxMessages,
  parseSenderKey,
  TURNS_PAGE_SIZE,
  type TurnsResponse,
} from '@hiwar/contracts';
import type { SenderKey } from '../../kernel/sender-key.ts';
import { nowIso } from '../../platform/db/clock.ts';
import type { Database, DialectName } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { findOwnCommand } from '../commands/command-repository.ts';
import { saveExample } from '../examples/save-examples.ts';
import { listNoticesBetween } from '../notices/notice-repository.ts';
import { displayTextOf } from '../runtime/turn-text.ts';
import { commandNamesOf, findConversation, listConversations } from './conversation-repository.ts';
import { groupNewMessages } from './inbox-grouping.ts';
import {
  closeGroup,
  countOpenGroups,
  findGroupMessage,
  findOwnGroup,
  listOpenGroups,
} from './inbox-repository.ts';
import { exampleRequestOf } from './message-example.ts';
import { listTranscriptPage } from './transcript-repository.ts';
import { turnDeliveriesOf } from './turn-deliveries.ts';

/** Notices shown with one transcript page at most. */
const NOTICES_PER_PAGE = 200;

/** The owner's sender named by a path's `sender_key`, or 404. */
export function senderOfKey(userId: number, senderKey: string): SenderKey {
  const parsed = parseSenderKey(senderKey);
  if (!parsed) throw new AppError('not_found', inboxMessages.senderKeyInvalid);
  return { userId, platform: parsed.platform, senderId: parsed.senderId };
}

export async function conversationsPage(
  db: Database,
  dialect: DialectName,
  userId: number,
  query: ConversationsQuery,
) {
  const { rows, hasMore } = await listConversations(db, dialect, userId, query);
  return {
    status: 1 as const,
    page: query.page,
    per_page: CONVERSATIONS_PAGE_SIZE,
    has_more: hasMore,
    data: rows,
  };
}

/** GET /conversations/{sender_key}/turns: a page of the transcript with the command names and notices. */
export async function transcriptPage(
  db: Database,
  userId: number,
  senderKey: string,
  page: number,
): Promise<TurnsResponse> {
  const sender = senderOfKey(userId, senderKey);
  const conversation = await findConversation(db, sender);
  if (!conversation) throw new AppError('not_found', inboxMessages.senderKeyInvalid);
  const { turns, total, newerAt } = await listTranscriptPage(db, sender, page);
  const pagesCount = Math.max(1, Math.ceil(total / TURNS_PAGE_SIZE));
  const names = await commandNamesOf(
    db,
    userId,
    turns.flatMap((turn) => (turn.commandId === null ? [] : [turn.commandId])),
  );
  const deliveries = await turnDeliveriesOf(
    db,
    userId,
    turns.map((turn) => turn.id),
  );
  const oldest = turns[0];
  const isOldestPage = page >= pagesCount;
  const notices =
    turns.length === 0
      ? []
      : await listNoticesBetween(
          db,
          sender,
          { from: isOldestPage || !oldest ? null : oldest.at, until: newerAt },
          NOTICES_PER_PAGE,
        );
  return {
    status: 1,
    page,
    pages_count: pagesCount,
    total,
    sender: conversation,
    data: turns.map((turn) => ({
      id: turn.id,
      at: turn.at,
      event: turn.event,
      lang: turn.lang,
      command_id: turn.commandId,
      command_name: turn.commandId === null ? null : (names.get(turn.commandId) ?? null),
      score: turn.score,
      not_understood: turn.notUnderstood,
      replies: turn.replies,
      trace: turn.trace,
      delivery: deliveries.get(turn.id) ?? null,
    })),
    notices: notices.map((notice) => ({ id: notice.id, at: notice.createdAt, message: notice.message })),
  };
}

/** GET /inbox/not_understood: the owner's open groups, brought up to date first. */
export async function inboxPage(db: Database, userId: number, page: number): Promise<InboxResponse> {
  await groupNewMessages(db, userId);
  const [groups, counts] = await Promise.all([listOpenGroups(db, userId, page), countOpenGroups(db, userId)]);
  const names = await commandNamesOf(
    db,
    userId,
    groups.flatMap((group) => group.candidates.map((candidate) => candidate.commandId)),
  );
  return {
    status: 1,
    page,
    pages_count: Math.max(1, Math.ceil(counts.groups / INBOX_PAGE_SIZE)),
    waiting: counts.messages,
    data: groups.map((group) => ({
      id: group.id,
      lang: group.lang,
      count: group.count,
      last_at: group.lastAt,
      messages: group.messages.map((message) => ({
        turn_id: message.turnId,
        text: message.text,
        lang: message.lang,
        at: message.at,
        sender_key: message.senderKey,
      })),
      // a command deleted since is no longer offered
      candidates: group.candidates.flatMap((candidate) => {
        const name = names.get(candidate.commandId);
        return name === undefined
          ? []
          : [{ command_id: candidate.commandId, command_name: name, score: candidate.score }];
      }),
    })),
  };
}

export async function waitingMessages(db: Database, userId: number): Promise<number> {
  await groupNewMessages(db, userId);
  return (await countOpenGroups(db, userId)).messages;
}

async function openGroupOf(db: Database, userId: number, groupId: number) {
  const group = await findOwnGroup(db, userId, groupId);
  if (group?.status !== 'open') throw new AppError('not_found', inboxMessages.groupNotFound);
  return group;
}

/**
 * POST /inbox/not_understood/{id}/add_example: the message becomes an example of the owner's command — in the
 * message's language, with the command's variables it contains tagged — and the group leaves the inbox. The
 * caller then tells the NLU (the incremental update).
 */
export async function addGroupMessageAsExample(
  db: Database,
  userId: number,
  groupId: number,
  input: AddInboxExampleRequest,
): Promise<{ exampleId: number; commandId: number }> {
  await openGroupOf(db, userId, groupId);
  const message = await findGroupMessage(db, groupId, input.turn_id);
  if (!message) {
    throw new AppError('validation', inboxMessages.turnNotInGroup, {
      turn_id: [inboxMessages.turnNotInGroup],
    });
  }
  const command = await findOwnCommand(db, userId, input.command_id);
  if (!command) {
    throw new AppError('validation', inboxMessages.commandNotFound, {
      command_id: [inboxMessages.commandNotFound],
    });
  }
  const request = await exampleRequestOf(db, userId, command, {
    text: displayTextOf(message.event),
    lang: message.lang,
  });
  const saved = await db.transaction().execute(async (trx) => {
    const example = await saveExample(trx, userId, request);
    if (!(await closeGroup(trx, groupId, 'added', nowIso()))) {
      throw new AppError('not_found', inboxMessages.groupNotFound);
    }
    return example;
  });
  return { exampleId: saved._id, commandId: command.command_id };
}

export async function dismissGroup(db: Database, userId: number, groupId: number): Promise<void> {
  await openGroupOf(db, userId, groupId);
  if (!(await closeGroup(db, groupId, 'dismissed', nowIso()))) {
    throw new AppError('not_found', inboxMessages.groupNotFound);
  }
}
