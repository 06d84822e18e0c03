import { type BotTexts, botTextOf } from '@hiwar/contracts';
import type { Lang } from '@hiwar/nlu';
import { isWebAddress } from '../channel-text.ts';
import { MAX_PAYLOAD_LENGTH } from './messenger-payload-key.ts';

/** One Send API `message` object (text, attachment, quick_replies); the adapter adds recipient and type. */
export type MessengerMessage = Record<string, unknown>;

export type MessengerLanguage = Lang;

export interface MessengerRenderOptions {
  /** maps a postback payload of any length to a payload of 1–1,000 characters (and remembers the mapping) */
  payloadKey(payload: string): string;
  lang: MessengerLanguage;
  /** the owner's wording of Hiwar's own texts (the "Choose:" above quick replies) */
  texts?: BotTexts;
  /** the server's public address: media stored as a path (`/api/uploads/…`) is sent as this address + path */
  publicBaseUrl?: string;
}

export interface RenderOutput {
  messages: MessengerMessage[];
  degraded: string[];
}

export interface RenderContext extends MessengerRenderOptions {
  out: RenderOutput;
}

export function addMessage(context: RenderContext, message: MessengerMessage): void {
  context.out.messages.push(message);
}

export function noteDegraded(context: RenderContext, note: string): void {
  context.out.degraded.push(note);
}

/** The caller's key for a payload, refused unless Messenger would take it. */
export function payloadOf(payload: string, context: RenderContext): string {
  const key = context.payloadKey(payload);
  if (typeof key !== 'string' || key.length < 1 || key.length > MAX_PAYLOAD_LENGTH) {
    throw new Error(`payloadKey gave a payload Messenger refuses (1–${MAX_PAYLOAD_LENGTH} characters)`);
  }
  return key;
}

/** The absolute http(s) address Messenger can fetch for a media value, or null. */
export function mediaAddress(value: string, context: RenderContext): string | null {
  const trimmed = value.trim();
  if (isWebAddress(trimmed)) return trimmed;
  if (trimmed.startsWith('/') && !trimmed.startsWith('//') && context.publicBaseUrl) {
    const resolved = new URL(trimmed, context.publicBaseUrl).href;
    return isWebAddress(resolved) ? resolved : null;
  }
  return null;
}

/** A word to send when quick replies need a text and the bot gave none (Messenger refuses an empty text). */
export function choosePrompt(context: Pick<MessengerRenderOptions, 'lang' | 'texts'>): string {
  return botTextOf(context.texts, 'choosePrompt', context.lang);
}
