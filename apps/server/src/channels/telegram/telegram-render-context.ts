import { type BotTexts, botTextOf } from '@hiwar/contracts';
import type { Lang } from '@hiwar/nlu';
import { isWebAddress } from '../channel-text.ts';

export type TelegramMethod = 'sendMessage' | 'sendPhoto' | 'sendVideo' | 'sendLocation';

/** One Bot API call: the method and its JSON body (always with `chat_id`). */
export interface TelegramCall {
  method: TelegramMethod;
  body: Record<string, unknown>;
}

export type TelegramLanguage = Lang;

export interface TelegramRenderOptions {
  chatId: string | number;
  /** maps a postback payload of any length to a `callback_data` of 1–64 bytes (and remembers the mapping) */
  payloadKey(payload: string): string;
  lang: TelegramLanguage;
  /** the owner's wording of Hiwar's own texts (the "Choose:" above a keyboard) */
  texts?: BotTexts;
  /**
   * The server's public address (`https://bots.example.com`): media stored as a path (`/api/uploads/…`) is sent
   * as this address + the path. Without it such media cannot be sent (Telegram fetches only http(s) URLs).
   */
  publicBaseUrl?: string;
}

/** What a renderer adds to: the calls in send order and notes of what could not be shown as-is. */
export interface RenderOutput {
  calls: TelegramCall[];
  degraded: string[];
}

export interface RenderContext extends TelegramRenderOptions {
  out: RenderOutput;
}

export function addCall(context: RenderContext, method: TelegramMethod, body: Record<string, unknown>): void {
  context.out.calls.push({ method, body: { chat_id: context.chatId, ...body } });
}

export function noteDegraded(context: RenderContext, note: string): void {
  context.out.degraded.push(note);
}

/** The absolute http(s) address Telegram can fetch for a media value, or null. */
export function mediaAddress(value: string, context: RenderContext): string | null {
  const trimmed = value.trim();
  if (isWebAddress(trimmed)) return trimmed;
  if (trimmed.startsWith('/') && !trimmed.startsWith('//') && context.publicBaseUrl) {
    const resolved = new URL(trimmed, context.publicBaseUrl).href;
    return isWebAddress(resolved) ? resolved : null;
  }
  return null;
}

/** A word to send when a keyboard needs a text and the bot gave none (Telegram refuses an empty text). */
export function choosePrompt(context: Pick<TelegramRenderOptions, 'lang' | 'texts'>): string {
  return botTextOf(context.texts, 'choosePrompt', context.lang);
}
