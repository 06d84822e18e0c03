import { isWebAddress } from '../channel-text.ts';

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

export type WhatsappLanguage = 'ar' | 'en' | 'de';

export interface WhatsappRenderOptions {
  /** maps a postback payload of any length to a button id of 1–200 characters (and remembers the mapping) */
  payloadKey(payload: string): string;
  lang: WhatsappLanguage;
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

const CHOOSE_PROMPT: Record<WhatsappLanguage, string> = { ar: 'اختر:', en: 'Choose:', de: 'Bitte wählen:' };
/** The list message's button (≤ 20 characters), which opens the rows. */
const LIST_BUTTON: Record<WhatsappLanguage, string> = { ar: 'الخيارات', en: 'Options', de: 'Auswahl' };

/** A body to send when an interactive message needs one and the bot gave none (WhatsApp refuses it empty). */
export function choosePrompt(lang: WhatsappLanguage): string {
  return CHOOSE_PROMPT[lang] ?? CHOOSE_PROMPT.en;
}

export function listButtonLabel(lang: WhatsappLanguage): string {
  return LIST_BUTTON[lang] ?? LIST_BUTTON.en;
}
