import type { BotMessage } from '@hiwar/contracts';
import type { StoredChatbot } from '../../modules/chatbot/chatbot-service.ts';
import type { Database } from '../../platform/db/database.ts';
import { callGraph, type GraphCallOptions } from '../../platform/facebook/graph-api.ts';
import { type ChannelAdapter, type SendProgress, sendInOrder, type TurnInput } from '../channel-adapter.ts';
import { replyLanguageOf } from '../channel-text.ts';
import { findPayload, type StoredUpdate, storePayloads } from '../update-repository.ts';
import { enabledPagesOf, type FacebookPage, findEnabledPage, pageTokenOf } from './messenger-pages.ts';
import { senderPageKey, shortPayloadKey } from './messenger-payload-key.ts';
import { type MessengerLanguage, renderForMessenger } from './messenger-render.ts';
import { type MessagingEvent, requestOf } from './messenger-webhook.ts';

/** The channel name updates are stored under, and the platform its senders are stored with. */
export const FACEBOOK = 'facebook';

export interface MessengerSettings {
  /** FACEBOOK_GRAPH_URL */
  graphUrl: string;
  callOptions?: GraphCallOptions;
}

/** How a message goes out: an answer within the 24-hour window, or a broadcast (with a tag outside it). */
export type MessagingType =
  | { messaging_type: 'RESPONSE' }
  | { messaging_type: 'UPDATE' }
  | { messaging_type: 'MESSAGE_TAG'; tag: 'ACCOUNT_UPDATE' | 'HUMAN_AGENT' };

export type MessengerAdapter = ChannelAdapter & {
  pageForSender(db: Database, chatbot: StoredChatbot, senderId: string): Promise<FacebookPage>;
  sendMessages(
    chatbot: StoredChatbot,
    senderId: string,
    messages: BotMessage[],
    db: Database,
    options?: {
      lang?: MessengerLanguage;
      type?: MessagingType;
      callOptions?: GraphCallOptions;
      progress?: SendProgress;
    },
  ): Promise<{ degraded: string[] }>;
};

export function createMessengerAdapter(settings: MessengerSettings): MessengerAdapter {
  /**
   * The page a sender wrote to (kept per sender by the webhook: a PSID belongs to one page), else the first
   * page switched on — a broadcast to a sender who never wrote since this was recorded.
   */
  async function pageForSender(db: Database, chatbot: StoredChatbot, senderId: string) {
    const pageId = await findPayload(db, chatbot.user_id, FACEBOOK, senderPageKey(senderId));
    if (pageId !== null) {
      const page = findEnabledPage(chatbot, pageId);
      if (!page) throw new Error(`the Facebook page ${pageId} is switched off or has no token`);
      return page;
    }
    const [first] = enabledPagesOf(chatbot);
    if (!first) throw new Error('no Facebook page is switched on');
    return first;
  }

  const sendMessages: MessengerAdapter['sendMessages'] = async (
    chatbot,
    senderId,
    messages,
    db,
    options = {},
  ) => {
    const payloads = new Map<string, string>();
    const rendered = renderForMessenger(messages, {
      lang: options.lang ?? options.progress?.lang ?? replyLanguageOf(messages),
      texts: chatbot.chatbot_texts,
      payloadKey: (payload) => {
        const key = shortPayloadKey(payload);
        payloads.set(key, payload);
        return key;
      },
    });
    await storePayloads(db, chatbot.user_id, FACEBOOK, payloads);
    const token = pageTokenOf(await pageForSender(db, chatbot, senderId));
    const type = options.type ?? { messaging_type: 'RESPONSE' };
    await sendInOrder(rendered.messages, options.progress, (message) =>
      callGraph(
        settings.graphUrl,
        {
          method: 'POST',
          path: 'me/messages',
          query: { access_token: token },
          body: { recipient: { id: senderId }, ...type, message },
        },
        { ...settings.callOptions, ...options.callOptions },
      ),
    );
    return { degraded: rendered.degraded };
  };

  return {
    channel: FACEBOOK,
    platform: FACEBOOK,
    unanswered: 'once',
    isEnabled: (chatbot) => enabledPagesOf(chatbot).length > 0,

    async toTurn(update: StoredUpdate, _chatbot, { db }): Promise<TurnInput | null> {
      const request = requestOf(update.payload as MessagingEvent);
      if (!request) return null;
      if (request.kind === 'location')
        return { event: { type: 'location', lat: request.lat, lng: request.lng }, sender: {} };
      if (request.kind === 'text')
        return { event: { type: 'text', text: request.text.slice(0, 4000) }, sender: {} };
      if (request.kind === 'media') return { event: { type: 'media', kind: request.media }, sender: {} };
      // a button, quick reply or menu item: the payload its short key stands for (a menu's payload is its own)
      const payload = ((await findPayload(db, update.userId, FACEBOOK, request.key)) ?? request.key).slice(
        0,
        4000,
      );
      if (payload.trim() === '') return null;
      return {
        event: { type: 'postback', payload, ...(request.label && { label: request.label.slice(0, 4000) }) },
        sender: {},
      };
    },

    async send(chatbot, senderId, replies, { db }, progress) {
      return sendMessages(
        chatbot,
        senderId,
        replies,
        db,
        progress ? { progress, callOptions: { attempts: 1, timeoutMs: progress.timeoutMs } } : {},
      );
    },

    pageForSender,
    sendMessages,
  };
}
