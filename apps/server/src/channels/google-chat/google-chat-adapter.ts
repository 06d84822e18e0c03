import type { BotMessage, MediaKind } from '@hiwar/contracts';
import type { StoredChatbot } from '../../modules/chatbot/chatbot-service.ts';
import type { Database } from '../../platform/db/database.ts';
import { errorText } from '../../platform/error-text.ts';
import {
  type ChannelAdapter,
  queuedCallOptions,
  type SendProgress,
  sendInOrder,
  type TurnInput,
} from '../channel-adapter.ts';
import { replyLanguageOf } from '../channel-text.ts';
import { shortPayloadKey } from '../payload-key.ts';
import { findPayload, type StoredUpdate, saveConnection, storePayloads } from '../update-repository.ts';
import { createChatMessage, type GoogleCallOptions, GoogleChatError } from './google-chat-api.ts';
import { type ChatEvent, type ChatUser, clickOf, spaceOfSender } from './google-chat-events.ts';
import { type ChatMessageBody, renderForGoogleChat } from './google-chat-render.ts';
import {
  type AccessTokens,
  createAccessTokens,
  parseServiceAccount,
  ServiceAccountError,
  type ServiceAccountKey,
} from './google-service-account.ts';

/** The name updates and payloads are stored under (the spec's `apps.hangouts`). */
export const HANGOUTS = 'hangouts';
/** The platform Google Chat senders are stored with (turns, subscribers). */
export const GOOGLE_CHAT = 'google_chat';

export interface GoogleChatSettings {
  /** GOOGLE_CHAT_API_URL */
  apiUrl: string;
  /** GOOGLE_CHAT_JWKS_URL: the keys Google Chat signs its requests with */
  jwksUrl: string;
  callOptions?: GoogleCallOptions;
}

/** The Google Cloud project number the Chat app's requests are addressed to (hangouts `verify_token`). */
export function projectNumberOf(chatbot: StoredChatbot): string {
  return chatbot.apps.hangouts.chatbot_app_credentials.verify_token.trim();
}

/** The service account JSON key the owner pasted (hangouts `credentials`). */
export function credentialsOf(chatbot: StoredChatbot): string {
  return chatbot.apps.hangouts.chatbot_app_credentials.credentials.trim();
}

export function isSwitchedOn(chatbot: StoredChatbot): boolean {
  return chatbot.apps.hangouts.chatbot_app_status === 1;
}

function profileOf(user: ChatUser | undefined): TurnInput['sender'] {
  const name = user?.displayName?.trim() ?? '';
  const email = user?.email?.trim() ?? '';
  return { ...(name !== '' && { name }), ...(email !== '' && { username: email }) };
}

function localeOf(event: ChatEvent): { locale?: string } {
  const locale = event.common?.userLocale?.trim();
  return locale ? { locale } : {};
}

export interface GoogleChatAdapter extends ChannelAdapter {
  sendMessages(
    chatbot: StoredChatbot,
    space: string,
    messages: BotMessage[],
    db: Database,
    callOptions?: GoogleCallOptions,
  ): Promise<{ degraded: string[] }>;
  connect(db: Database, chatbot: StoredChatbot, baseUrl: string): Promise<void>;
  disconnect(db: Database, chatbot: StoredChatbot): Promise<void>;
}

/** What the first file attached to a message is, by its content type. */
function attachmentKindOf(event: ChatEvent): MediaKind | null {
  const [first] = event.message?.attachment ?? [];
  if (!first) return null;
  const type = first.contentType ?? '';
  if (type.startsWith('image/')) return 'photo';
  if (type.startsWith('video/')) return 'video';
  if (type.startsWith('audio/')) return 'audio';
  return 'file';
}

export function createGoogleChatAdapter(settings: GoogleChatSettings): GoogleChatAdapter {
  const tokens: AccessTokens = createAccessTokens(settings.callOptions);

  /** Posts one message with the chatbot's access token; a token Google refuses is replaced once. */
  async function post(
    owner: number,
    key: ServiceAccountKey,
    space: string,
    body: ChatMessageBody,
    callOptions?: GoogleCallOptions & { requestId?: string },
  ) {
    const options = { ...settings.callOptions, ...callOptions };
    const accessToken = await tokens.tokenFor(owner, key, options);
    try {
      return await createChatMessage(settings.apiUrl, space, accessToken, { ...body }, options);
    } catch (error) {
      if (!(error instanceof GoogleChatError) || error.status !== 401) throw error;
      tokens.forget(owner, key);
      const fresh = await tokens.tokenFor(owner, key, options);
      return createChatMessage(settings.apiUrl, space, fresh, { ...body }, options);
    }
  }

  async function sendMessages(
    chatbot: StoredChatbot,
    space: string,
    messages: BotMessage[],
    db: Database,
    callOptions?: GoogleCallOptions,
    progress?: SendProgress,
  ): Promise<{ degraded: string[] }> {
    const key = parseServiceAccount(credentialsOf(chatbot), settings.apiUrl);
    const payloads = new Map<string, string>();
    const rendered = renderForGoogleChat(messages, {
      lang: progress?.lang ?? replyLanguageOf(messages),
      texts: chatbot.chatbot_texts,
      payloadKey: (payload) => {
        const shortKey = shortPayloadKey(payload);
        payloads.set(shortKey, payload);
        return shortKey;
      },
    });
    await storePayloads(db, chatbot.user_id, HANGOUTS, payloads);
    // a queued message is named by its delivery and place: a resend after no answer creates nothing new
    await sendInOrder(rendered.messages, progress, (body, index) =>
      post(chatbot.user_id, key, spaceOfSender(space), body, {
        ...callOptions,
        ...(progress && { requestId: `hiwar-${progress.key}-${index}` }),
      }),
    );
    return { degraded: rendered.degraded };
  }

  return {
    channel: HANGOUTS,
    platform: GOOGLE_CHAT,
    unanswered: 'idempotent',
    isEnabled: (chatbot) =>
      isSwitchedOn(chatbot) && projectNumberOf(chatbot) !== '' && credentialsOf(chatbot) !== '',

    async toTurn(update: StoredUpdate, chatbot, { db }) {
      const event = update.payload as ChatEvent;
      switch (event.type) {
        case 'MESSAGE': {
          const text = (event.message?.argumentText ?? event.message?.text ?? '').trim();
          const sender = profileOf(event.message?.sender ?? event.user);
          if (text === '') {
            // a file without text: answered that only text is read
            const kind = attachmentKindOf(event);
            return kind ? { event: { type: 'media', kind }, sender, ...localeOf(event) } : null;
          }
          return { event: { type: 'text', text: text.slice(0, 4000) }, sender, ...localeOf(event) };
        }
        case 'CARD_CLICKED': {
          const key = clickOf(event).parameters.payload ?? '';
          // a key the bot never gave is read as the payload itself
          const payload = (await findPayload(db, update.userId, HANGOUTS, key)) ?? key;
          if (payload.trim() === '') return null;
          return { event: { type: 'postback', payload }, sender: profileOf(event.user), ...localeOf(event) };
        }
        case 'ADDED_TO_SPACE': {
          // the chatbot's welcome: its start button, when it is on
          if (chatbot.chatbot_start_button_status !== 1) return null;
          const payload = chatbot.chatbot_start_button_postback;
          return { event: { type: 'postback', payload }, sender: profileOf(event.user), ...localeOf(event) };
        }
        default:
          return null;
      }
    },

    async send(chatbot, senderId, replies, { db }, progress) {
      return sendMessages(chatbot, senderId, replies, db, queuedCallOptions(progress), progress);
    },

    sendMessages,

    /**
     * Checks the pasted key by asking Google for an access token: `active` with the service account's address,
     * else `pending` with the reason the chatbot screen shows. The webhook address is kept to show the owner.
     */
    async connect(db, chatbot, baseUrl) {
      const webhookUrl = `${baseUrl.replace(/\/+$/, '')}/hooks/hangouts/${encodeURIComponent(chatbot.user_token)}`;
      const missing = [
        ...(projectNumberOf(chatbot) === '' ? ['the project number (verify token)'] : []),
        ...(credentialsOf(chatbot) === '' ? ['the service account key'] : []),
      ];
      if (missing.length > 0) {
        const reason = `Google Chat needs ${missing.join(' and ')}`;
        await saveConnection(db, chatbot.user_id, HANGOUTS, {
          status: 'pending',
          reason,
          account: '',
          webhookUrl,
        });
        return;
      }
      try {
        const key = parseServiceAccount(credentialsOf(chatbot), settings.apiUrl);
        await tokens.tokenFor(chatbot.user_id, key, { attempts: 2 });
        await saveConnection(db, chatbot.user_id, HANGOUTS, {
          status: 'active',
          reason: '',
          account: key.clientEmail,
          webhookUrl,
        });
      } catch (error) {
        const reason =
          error instanceof ServiceAccountError
            ? error.reason
            : error instanceof GoogleChatError && error.status >= 400 && error.status < 500
              ? `Google refused the service account: ${error.description}`
              : `Google could not be reached: ${errorText(error)}`;
        await saveConnection(db, chatbot.user_id, HANGOUTS, {
          status: 'pending',
          reason,
          account: '',
          webhookUrl,
        });
      }
    },

    async disconnect(db, chatbot) {
      await saveConnection(db, chatbot.user_id, HANGOUTS, {
        status: 'inactive',
        reason: '',
        account: '',
        webhookUrl: '',
      });
    },
  };
}
