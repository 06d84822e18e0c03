import { botWordsOf } from '@hiwar/contracts';
import { findOwnDepartment } from '../departments/department-repository.ts';
import type { TurnState } from '../runtime/turn-state.ts';
import { findOpenHandoff } from './handoff-repository.ts';
import { readSupportSettings } from './support-settings.ts';

function senderOf(turn: TurnState) {
  return { userId: turn.chatbot.user_id, platform: turn.sender.platform, senderId: turn.sender.senderId };
}

/**
 * `cs_connect` (a response action or the fixed command): hands the sender over to a person — to the department
 * the action names when it is the owner's — if the owner's customer support is on. Answers the trace note.
 */
export async function planHandoff(turn: TurnState, departmentIdText: string): Promise<string> {
  const { db } = turn.deps;
  const userId = turn.chatbot.user_id;
  const settings = await readSupportSettings(db, userId);
  if (!settings.isEnabled) return 'cs_connect: customer support is off in the settings';
  const departmentId = /^\d{1,15}$/.test(departmentIdText.trim()) ? Number(departmentIdText.trim()) : null;
  const department = departmentId === null ? undefined : await findOwnDepartment(db, userId, departmentId);
  turn.handoffWrites.push({
    kind: 'open',
    departmentId: department ? Number(department.id) : null,
    departmentName: department?.name ?? null,
    expiresAt: new Date(turn.deps.now().getTime() + settings.timeoutMs).toISOString(),
  });
  turn.isHandedOver = true;
  return `cs_connect: handed over${department ? ` to ${department.name}` : ''}`;
}

/** `cs_disconnect`: gives the sender back to the bot, telling them so. Answers the trace note. */
export async function planRelease(turn: TurnState): Promise<string> {
  const settings = await readSupportSettings(turn.deps.db, turn.chatbot.user_id);
  if (!settings.isEnabled) return 'cs_disconnect: customer support is off in the settings';
  const open = await findOpenHandoff(turn.deps.db, senderOf(turn));
  turn.isHandedOver = false;
  if (!open) return 'cs_disconnect: not handed over';
  turn.handoffWrites.push({ kind: 'close', handoffId: open.id, reason: 'bot' });
  turn.replies.push({
    type: 'text',
    text: botWordsOf(turn.chatbot.chatbot_texts, turn.senderLang)('handoffReleased'),
  });
  return 'cs_disconnect: back to the bot';
}
