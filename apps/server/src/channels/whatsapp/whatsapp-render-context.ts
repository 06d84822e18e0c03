import { type BotTexts, botTextOf } from '@hiwar/contracts';
import type { Lang } from '@hiwar/nlu';
import { cutText, isWebAddress } from '../channel-text.ts';
import { WHATSAPP_LIMITS } from './whatsapp-limits.ts';

/** The message types the renderer sends (`type` of a Cloud API message). */
export type WhatsappMessageType = 'text' | 'interactive' | 'image' | 'video' | 'location';

/**
 * One Cloud API message as `POST /{phone_number_id}/messages` takes it, without `messaging_product`,
 * `recipient_type` and `to` (the adapter adds them): `{ type: 'text', text: { body } }`…
 */
export interface WhatsappOutgoing {
  type: WhatsappMessageType;
  [field: string]: unknown;
}

export type WhatsappLanguage = Lang;

export interface WhatsappRenderOptions {
  /**
   * Maps a postback payload of any length to a button id of 1–200 characters (and remembers the mapping). With a
   * `variant` (the label of an option whose payload another option of the message has), an id of its own that
   * maps back to the same payload: WhatsApp refuses two rows or buttons with one id.
   */
  payloadKey(payload: string, variant?: string): string;
  lang: WhatsappLanguage;
  /** the owner's wording of Hiwar's own texts (the "Choose:" body, the list's "Options" button) */
  texts?: BotTexts;
  /** the server's public address: media stored as a path (`/api/uploads/…`) is sent as this + the path */
  publicBaseUrl?: string;
}

/** What a renderer adds to: the messages in send order and notes of what could not be shown as-is. */
export interface RenderOutput {
  messages: WhatsappOutgoing[];
  degraded: string[];
}

export interface RenderContext extends WhatsappRenderOptions {
  out: RenderOutput;
}

export function addMessage(context: RenderContext, message: WhatsappOutgoing): void {
  context.out.messages.push(message);
}

export function noteDegraded(context: RenderContext, note: string): void {
  context.out.degraded.push(note);
}

/** The absolute http(s) address WhatsApp can fetch for a media value, or null. */
export function mediaAddress(value: string, context: RenderContext): string | null {
  const trimmed = value.trim();
  if (isWebAddress(trimmed)) return trimmed;
  if (trimmed.startsWith('/') && !trimmed.startsWith('//') && context.publicBaseUrl) {
    const resolved = new URL(trimmed, context.publicBaseUrl).href;
    return isWebAddress(resolved) ? resolved : null;
  }
  return null;
}

/** A body to send when an interactive message needs one and the bot gave none (WhatsApp refuses it empty). */
export function choosePrompt(context: Pick<WhatsappRenderOptions, 'lang' | 'texts'>): string {
  return botTextOf(context.texts, 'choosePrompt', context.lang);
}

/** The list message's button, which opens the rows (WhatsApp takes at most 20 characters). */
export function listButtonLabel(context: Pick<WhatsappRenderOptions, 'lang' | 'texts'>): string {
  return cutText(botTextOf(context.texts, 'optionsButton', context.lang), WHATSAPP_LIMITS.listButtonLength);
}
