import type { SaveChatbotInput } from '@hiwar/contracts';
import type { Database } from '../../platform/db/database.ts';
import { findChatbotByOwner, settingsOfRow } from '../chatbot/chatbot-repository.ts';
import { getCommandResponse } from '../responses/response-service.ts';
import type { NluLang, NluParser } from './reconcile-model.ts';

/** A reply as the debugger shows it. */
export interface DebugReply {
  type: 'text' | 'quick_replies';
  text: string;
  options?: { label: string; val: string }[];
}

/** The owner's chatbot settings, read without creating the record (the debugger has no side effects). */
export async function findChatbotSettings(db: Database, userId: number): Promise<SaveChatbotInput | null> {
  const row = await findChatbotByOwner(db, userId);
  return row ? settingsOfRow(row) : null;
}

export function parserFor(settings: SaveChatbotInput | null, lang: NluLang): NluParser {
  const parsers = (settings?.chatbot_parser ?? {}) as Partial<Record<NluLang, NluParser>>;
  return parsers[lang] === 'embedding' ? 'embedding' : 'default';
}

/** `{{name}}` replaced by the variable's value; unknown names stay as written. */
export function interpolate(text: string, values: Record<string, unknown>): string {
  return text.replace(/\{\{\s*([\p{L}\p{N}_-]+)\s*\}\}/gu, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

/** The command's response as text, its variables filled in; other response types show their fallback message. */
export async function commandResponseReplies(
  db: Database,
  userId: number,
  commandId: number,
  values: Record<string, unknown>,
): Promise<DebugReply[]> {
  const response = await getCommandResponse(db, userId, commandId);
  const text = response.resp_type === 'text' ? response.resp_text : response.resp_fallback_msg;
  return text.trim() === '' ? [] : [{ type: 'text', text: interpolate(text, values) }];
}

/** Below the threshold: the chatbot's fallback message (with its options as quick replies). */
export function fallbackReplies(settings: SaveChatbotInput | null): DebugReply[] {
  if (!settings || settings.chatbot_fallback_type === 'cmd') return [];
  const text = settings.chatbot_fallback_msg ?? '';
  if (text.trim() === '') return [];
  const options = settings.chatbot_fallback_options ?? [];
  return settings.chatbot_fallback_type === 'options'
    ? [{ type: 'quick_replies', text, options }]
    : [{ type: 'text', text }];
}
