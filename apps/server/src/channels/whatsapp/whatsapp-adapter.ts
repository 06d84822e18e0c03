import type { BotMessage, IncomingEvent, MediaKind } from '@hiwar/contracts';
import type { StoredChatbot } from '../../modules/chatbot/chatbot-service.ts';
import type { FilledTemplate } from '../../modules/subscriptions/platform-senders.ts';
import type { Database } from '../../platform/db/database.ts';
import type { OutboundHttp } from '../../platform/net/outbound-http.ts';
import {
  type ChannelAdapter,
  queuedCallOptions,
  type SendProgress,
  sendInOrder,
  type TurnInput,
} from '../channel-adapter.ts';
import { replyLanguageOf } from '../channel-text.ts';
import { findPayload, type StoredUpdate, saveConnection, storePayloads } from '../update-repository.ts';
import { renderTemplate } from './render-template.ts';
import { callWhatsapp, type WhatsappCallOptions, WhatsappError } from './whatsapp-api.ts';
import { shortPayloadKey } from './whatsapp-payload-key.ts';
import { renderForWhatsapp } from './whatsapp-render.ts';
import { callbackDataOf, type StoredWhatsappMessage, type WhatsappMessage } from './whatsapp-webhook.ts';

export const WHATSAPP = 'whatsapp';

export interface WhatsappSettings {
  /** WHATSAPP_API_URL: the Cloud API for chatbots whose `chatapi_url` is empty */
  apiUrl: string;
  /** FB_APP_SECRET: the operator's Meta app, whose secret signs every webhook (`X-Hub-Signature-256`) */
  appSecret: string;
  /** PUBLIC_URL: media stored as a path is sent as this address + the path */
  publicUrl?: string;
  callOptions?: WhatsappCallOptions;
  /** the guarded client for the owner's own `chatapi_url` (platform/net: OUTBOUND_ALLOW decides local addresses) */
  ownerHttp?: OutboundHttp;
}

/** The access token the owner pasted (whatsapp credentials `token`), trimmed. */
export function accessTokenOf(chatbot: StoredChatbot): string {
  return chatbot.apps.whatsapp.chatbot_app_credentials.token.trim();
}

export function verifyTokenOf(chatbot: StoredChatbot): string {
  return chatbot.apps.whatsapp.chatbot_app_credentials.verify_token.trim();
}

/** The Cloud API the chatbot talks to: its `chatapi_url` when set (DESIGN.md §7), else WHATSAPP_API_URL. */
export function apiBaseOf(settings: WhatsappSettings, chatbot: StoredChatbot): string {
  const own = chatbot.apps.whatsapp.chatbot_app_credentials.chatapi_url.trim();
  return (own === '' ? settings.apiUrl : own).replace(/\/+$/, '');
}

/** An address the owner typed goes through the outbound guard; the operator's WHATSAPP_API_URL does not. */
function guardFor(settings: WhatsappSettings, chatbot: StoredChatbot): WhatsappCallOptions {
  const isOwn = chatbot.apps.whatsapp.chatbot_app_credentials.chatapi_url.trim() !== '';
  return isOwn && settings.ownerHttp ? { http: settings.ownerHttp } : {};
}

/**
 * Where the business number a reply is sent from is kept (`channel_payloads`, channel `whatsapp`): a webhook
 * carries `metadata.phone_number_id` and the adapter's `send` gets only the sender. Per sender (`pn:<wa_id>`, the
 * number they last wrote to) and per chatbot (`pn`, the number any sender last wrote to, for the status check).
 */
const PHONE_KEY = 'pn';
const phoneKeyOf = (waId: string) => `${PHONE_KEY}:${waId}`;

/** Remembers the business number a sender wrote to (and the chatbot's latest), before the update is answered. */
export async function rememberPhoneNumber(
  db: Database,
  userId: number,
  waId: string,
  phoneNumberId: string,
): Promise<void> {
  await storePayloads(
    db,
    userId,
    WHATSAPP,
    new Map([
      [phoneKeyOf(waId), phoneNumberId],
      [PHONE_KEY, phoneNumberId],
    ]),
  );
}

/** The business number to answer a sender from: the one they wrote to, else the chatbot's latest; null if none. */
export async function phoneNumberFor(
  db: Database,
  userId: number,
  waId: string | null,
): Promise<string | null> {
  const own = waId === null ? null : await findPayload(db, userId, WHATSAPP, phoneKeyOf(waId));
  return own ?? (await findPayload(db, userId, WHATSAPP, PHONE_KEY));
}

/** The event a stored message asks for, or null (an empty text, an unknown reply). */
async function eventOf(
  db: Database,
  update: StoredUpdate,
  stored: StoredWhatsappMessage,
): Promise<IncomingEvent | null> {
  const { message } = stored;
  if (message.type === 'location') {
    const { latitude, longitude } = message.location ?? {};
    if (typeof latitude !== 'number' || typeof longitude !== 'number') return null;
    return { type: 'location', lat: latitude, lng: longitude };
  }
  if (message.type === 'interactive' || message.type === 'button') {
    const reply = message.interactive?.button_reply ?? message.interactive?.list_reply;
    const id = (reply?.id ?? message.button?.payload ?? '').trim();
    const label = (reply?.title ?? message.button?.text ?? '').trim();
    // a key the bot made maps back to its payload; a template's own payload is read as it is
    const payload = id === '' ? label : ((await findPayload(db, update.userId, WHATSAPP, id)) ?? id);
    if (payload === '') return null;
    return {
      type: 'postback',
      payload: payload.slice(0, 4000),
      ...(label !== '' && { label: label.slice(0, 4000) }),
    };
  }
  // a photo, video or file with a caption is read by its caption; media without one is answered that only
  // text is read
  const media = mediaOf(message);
  const text = (message.text?.body ?? media?.caption ?? '').trim();
  if (text !== '') return { type: 'text', text: text.slice(0, 4000) };
  return media ? { type: 'media', kind: media.kind } : null;
}

/** The media a message carries, with its caption. */
function mediaOf(message: WhatsappMessage): { kind: MediaKind; caption?: string } | null {
  switch (message.type) {
    case 'image':
      return { kind: 'photo', ...captionOf(message.image) };
    case 'video':
      return { kind: 'video', ...captionOf(message.video) };
    case 'document':
      return { kind: 'file', ...captionOf(message.document) };
    case 'audio':
      return { kind: message.audio?.voice === true ? 'voice' : 'audio' };
    case 'sticker':
      return { kind: 'sticker' };
    default:
      return null;
  }
}

const captionOf = (media: { caption?: string } | undefined) =>
  typeof media?.caption === 'string' ? { caption: media.caption } : {};

/**
 * The addressee of a message to a sender: `to` for a phone number (wa_id), `recipient` for a business-scoped user
 * id (a user with a username, whose number WhatsApp no longer gives: "US.13491208655302741918").
 */
export function addresseeOf(senderId: string): { to: string } | { recipient: string } {
  return /^\+?\d+$/.test(senderId) ? { to: senderId } : { recipient: senderId };
}

export type WhatsappAdapter = ChannelAdapter & {
  sendMessages(
    chatbot: StoredChatbot,
    waId: string,
    messages: BotMessage[],
    db: Database,
    callOptions?: WhatsappCallOptions,
    progress?: SendProgress,
  ): Promise<{ degraded: string[] }>;
  /** an approved template (outside the 24-hour window): one call, its body parameters as text */
  sendTemplate(
    chatbot: StoredChatbot,
    waId: string,
    template: FilledTemplate,
    db: Database,
    callOptions?: WhatsappCallOptions,
  ): Promise<void>;
  /** the status the chatbot screen shows: honest about what is missing (README.md) */
  connect(db: Database, chatbot: StoredChatbot, baseUrl: string): Promise<void>;
  disconnect(db: Database, chatbot: StoredChatbot): Promise<void>;
};

export function createWhatsappAdapter(settings: WhatsappSettings): WhatsappAdapter {
  /** A `POST {phone_number_id}/messages` to the sender from the business number they wrote to. */
  async function messagesCall(
    chatbot: StoredChatbot,
    waId: string,
    db: Database,
    callOptions?: WhatsappCallOptions,
  ) {
    const phoneNumberId = await phoneNumberFor(db, chatbot.user_id, waId);
    if (phoneNumberId === null)
      throw new Error('no WhatsApp business number known yet: no message came through the webhook');
    const base = apiBaseOf(settings, chatbot);
    const token = accessTokenOf(chatbot);
    const options = { ...settings.callOptions, ...callOptions, ...guardFor(settings, chatbot) };
    return (message: Record<string, unknown>) =>
      callWhatsapp(
        base,
        token,
        {
          method: 'POST',
          path: `${encodeURIComponent(phoneNumberId)}/messages`,
          body: {
            messaging_product: 'whatsapp',
            recipient_type: 'individual',
            ...addresseeOf(waId),
            ...message,
          },
        },
        options,
      );
  }

  async function sendMessages(
    chatbot: StoredChatbot,
    waId: string,
    messages: BotMessage[],
    db: Database,
    callOptions?: WhatsappCallOptions,
    progress?: SendProgress,
  ) {
    const post = await messagesCall(chatbot, waId, db, callOptions);
    const payloads = new Map<string, string>();
    const rendered = renderForWhatsapp(messages, {
      lang: progress?.lang ?? replyLanguageOf(messages),
      texts: chatbot.chatbot_texts,
      ...(settings.publicUrl && { publicBaseUrl: settings.publicUrl }),
      // a variant (another label of a payload already offered) gets a key of its own for the same payload
      payloadKey: (payload, variant) => {
        const key = shortPayloadKey(variant === undefined ? payload : `${payload}\u0000${variant}`);
        payloads.set(key, payload);
        return key;
      },
    });
    await storePayloads(db, chatbot.user_id, WHATSAPP, payloads);
    await sendInOrder(rendered.messages, progress, (message, index) =>
      post({
        ...message,
        // comes back in the message's status webhooks: a call that got no answer is not sent again once
        // WhatsApp reported it sent (whatsapp-channel.ts)
        ...(progress && { biz_opaque_callback_data: callbackDataOf(progress.key, index) }),
      }),
    );
    return { degraded: rendered.degraded };
  }

  async function sendTemplate(
    chatbot: StoredChatbot,
    waId: string,
    template: FilledTemplate,
    db: Database,
    callOptions?: WhatsappCallOptions,
  ) {
    const post = await messagesCall(chatbot, waId, db, callOptions);
    await post(renderTemplate(template));
  }

  return {
    channel: WHATSAPP,
    platform: WHATSAPP,
    unanswered: 'receipt',
    isEnabled: (chatbot) => chatbot.apps.whatsapp.chatbot_app_status === 1 && accessTokenOf(chatbot) !== '',

    async toTurn(update, _chatbot, { db }): Promise<TurnInput | null> {
      const stored = update.payload as StoredWhatsappMessage;
      if (!stored?.message) return null;
      // answered from the number this message was sent to, even if the sender wrote to another one since
      await rememberPhoneNumber(db, update.userId, update.senderId, stored.phone_number_id);
      const event = await eventOf(db, update, stored);
      if (!event) return null;
      return { event, sender: stored.name ? { name: stored.name } : {} };
    },

    async send(chatbot, senderId, replies, { db }, progress) {
      return sendMessages(chatbot, senderId, replies, db, queuedCallOptions(progress), progress);
    },

    sendMessages,
    sendTemplate,

    async connect(db, chatbot, baseUrl) {
      const webhookUrl = `${baseUrl.replace(/\/+$/, '')}/hooks/whatsapp/${encodeURIComponent(chatbot.user_token)}`;
      const state = { webhookUrl, account: '' };
      if (settings.appSecret === '') {
        const reason = "The server has no FB_APP_SECRET: WhatsApp's webhooks cannot be verified";
        await saveConnection(db, chatbot.user_id, WHATSAPP, { ...state, status: 'pending', reason });
        return;
      }
      if (accessTokenOf(chatbot) === '') {
        const reason = 'Paste the access token of the WhatsApp business account';
        await saveConnection(db, chatbot.user_id, WHATSAPP, { ...state, status: 'pending', reason });
        return;
      }
      if (verifyTokenOf(chatbot) === '') {
        const reason = 'Set a verify token, and the same in the Meta dashboard';
        await saveConnection(db, chatbot.user_id, WHATSAPP, { ...state, status: 'pending', reason });
        return;
      }
      // the number is known once a message came in; only then can the token be checked against it
      const phoneNumberId = await phoneNumberFor(db, chatbot.user_id, null);
      if (phoneNumberId === null) {
        await saveConnection(db, chatbot.user_id, WHATSAPP, { ...state, status: 'active', reason: '' });
        return;
      }
      try {
        const number = await callWhatsapp<{ display_phone_number?: string }>(
          apiBaseOf(settings, chatbot),
          accessTokenOf(chatbot),
          { method: 'GET', path: encodeURIComponent(phoneNumberId) },
          { ...settings.callOptions, attempts: 2, ...guardFor(settings, chatbot) },
        );
        const account = number?.display_phone_number ?? '';
        await saveConnection(db, chatbot.user_id, WHATSAPP, {
          ...state,
          account,
          status: 'active',
          reason: '',
        });
      } catch (error) {
        const reason =
          error instanceof WhatsappError
            ? error.isTokenRefused
              ? 'WhatsApp refused the access token: create a new one in the Meta dashboard'
              : `WhatsApp answered: ${error.description}`
            : String(error);
        await saveConnection(db, chatbot.user_id, WHATSAPP, { ...state, status: 'pending', reason });
      }
    },

    async disconnect(db, chatbot) {
      await saveConnection(db, chatbot.user_id, WHATSAPP, {
        status: 'inactive',
        reason: '',
        account: '',
        webhookUrl: '',
      });
    },
  };
}
