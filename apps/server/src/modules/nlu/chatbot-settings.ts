import type { SaveChatbotInput } from '@hiwar/contracts';
import type { Database } from '../../platform/db/database.ts';
import { findChatbotByOwner, settingsOfRow } from '../chatbot/chatbot-repository.ts';
import type { NluLang, NluParser } from './reconcile-model.ts';

/** The owner's chatbot settings, read without creating the record (the debugger has no side effects). */
export async function findChatbotSettings(db: Database, userId: number): Promise<SaveChatbotInput | null> {
  const row = await findChatbotByOwner(db, userId);
  return row ? settingsOfRow(row) : null;
}

/** The chatbot's parser for a language (chatbot_parser {ar, en, de}); default until the owner picks one. */
export function parserFor(settings: SaveChatbotInput | null, lang: NluLang): NluParser {
  const parsers = (settings?.chatbot_parser ?? {}) as Partial<Record<NluLang, NluParser>>;
  return parsers[lang] === 'embedding' ? 'embedding' : 'default';
}

export async function chatbotParserFor(db: Database, userId: number, lang: NluLang): Promise<NluParser> {
  return parserFor(await findChatbotSettings(db, userId), lang);
}
