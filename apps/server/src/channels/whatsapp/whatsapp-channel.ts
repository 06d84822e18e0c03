import { z } from 'zod';
import type { StoredChatbot } from '../../modules/chatbot/chatbot-service.ts';
import { lastWroteAt } from '../../modules/senders/sender-repository.ts';
import { type Recipient, RetryLater } from '../../modules/subscriptions/platform-senders.ts';
import type { ApiApp } from '../../platform/http/module.ts';
import { type ChannelContext, type ChannelPlugin, ONE_TRY } from '../channel-adapter.ts';
import { chatbotOfOwner, chatbotOfToken } from '../channel-chatbots.ts';
import { deliveryIdOfKey, recordReceipt } from '../delivery-repository.ts';
import { storeUpdate } from '../update-repository.ts';
import { refuse } from '../webhook-refusal.ts';
import {
  createWhatsappAdapter,
  rememberPhoneNumber,
  verifyTokenOf,
  WHATSAPP,
  type WhatsappSettings,
} from './whatsapp-adapter.ts';
import { WhatsappError } from './whatsapp-api.ts';
import { isSameSecret, isSignatureValid, messagesOfWebhook, receiptsOfWebhook } from './whatsapp-webhook.ts';

const tokenParams = z.object({ token: z.string().min(1).max(200) });
const handshakeQuery = z.object({
  'hub.mode': z.string().max(50).optional(),
  'hub.verify_token': z.string().max(500).optional(),
  'hub.challenge': z.string().max(500).optional(),
});

/** The raw body of a webhook request, kept by this scope's JSON parser: the signature covers these bytes. */
const rawBodies = new WeakMap<object, Buffer>();

/**
 * The webhook routes in a scope of their own whose JSON parser keeps the raw bytes (the signature is over them);
 * every other route keeps the server's parser.
 */
function webhookRoutes(app: ApiApp, settings: WhatsappSettings, context: ChannelContext): void {
  const { db, secrets, wake, log } = context;
  const whatsapp = createWhatsappAdapter(settings);
  app.register(async (scope: ApiApp) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
      const raw = body as Buffer;
      rawBodies.set(request, raw);
      try {
        done(null, raw.length === 0 ? {} : JSON.parse(raw.toString('utf8')));
      } catch {
        // unreadable JSON: the signature check still answers first; the body counts as empty
        done(null, {});
      }
    });

    scope.get(
      '/hooks/whatsapp/:token',
      {
        schema: {
          tags: ['channels'],
          params: tokenParams,
          querystring: handshakeQuery,
          description: "WhatsApp Cloud API webhook verification (Meta's hub.challenge handshake)",
        },
      },
      async (request, reply) => {
        const chatbot = await chatbotOfToken(db, request.params.token, secrets);
        const query = request.query;
        const isVerified =
          chatbot !== null &&
          query['hub.mode'] === 'subscribe' &&
          isSameSecret(query['hub.verify_token'] ?? '', verifyTokenOf(chatbot));
        if (!isVerified) return refuse(reply, 403);
        return reply
          .code(200)
          .type('text/plain')
          .send(query['hub.challenge'] ?? '');
      },
    );

    scope.post(
      '/hooks/whatsapp/:token',
      { schema: { tags: ['channels'], params: tokenParams, description: 'WhatsApp Cloud API webhook' } },
      async (request, reply) => {
        if (settings.appSecret === '') {
          log.warn(
            { channel: WHATSAPP },
            'WhatsApp webhook refused: FB_APP_SECRET is not set, so no signature can be checked',
          );
          return refuse(reply, 403);
        }
        const signature = request.headers['x-hub-signature-256'];
        const raw = rawBodies.get(request) ?? Buffer.alloc(0);
        if (
          !isSignatureValid(raw, typeof signature === 'string' ? signature : undefined, settings.appSecret)
        ) {
          return refuse(reply, 401);
        }
        const chatbot = await chatbotOfToken(db, request.params.token, secrets);
        if (!chatbot || !whatsapp.isEnabled(chatbot)) return refuse(reply, 404);
        // a status of a queued call that got no answer says WhatsApp took it; other statuses and message kinds
        // the bot does not read are acknowledged and dropped
        for (const receipt of receiptsOfWebhook(request.body)) {
          const deliveryId = deliveryIdOfKey(receipt.deliveryKey);
          if (deliveryId !== null) await recordReceipt(db, chatbot.user_id, deliveryId, receipt.part);
        }
        let isAnyNew = false;
        const unaddressed = (messageId: string) =>
          log.warn(
            { channel: WHATSAPP, messageId },
            'WhatsApp message dropped: it names no sender (neither from nor from_user_id)',
          );
        for (const message of messagesOfWebhook(request.body, unaddressed)) {
          await rememberPhoneNumber(db, chatbot.user_id, message.senderId, message.payload.phone_number_id);
          const isNew = await storeUpdate(db, { userId: chatbot.user_id, channel: WHATSAPP, ...message });
          isAnyNew ||= isNew;
        }
        if (isAnyNew) wake();
        return { ok: true };
      },
    );
  });
}

/** A business may write freely for 24 hours after the user last wrote; then only an approved template. */
const WHATSAPP_WINDOW_MS = 24 * 60 * 60_000;
const NO_ORDER_TEMPLATE =
  'more than 24 hours since the customer last wrote, and the chatbot names no WhatsApp template for order confirmations (its WhatsApp settings)';
/** a window closing while the message is on its way counts as closed */
const WINDOW_MARGIN_MS = 60_000;

/** WhatsApp Cloud API (README.md): the webhook and its handshake, the status on save, broadcasts. */
export function createWhatsappChannel(settings: WhatsappSettings): ChannelPlugin {
  const whatsapp = createWhatsappAdapter(settings);
  return {
    adapter: whatsapp,

    routes(app, context) {
      webhookRoutes(app, settings, context);
    },

    async chatbotSaved({ before, after, baseUrl }, { db }) {
      if (after.apps.whatsapp.chatbot_app_status === 1) await whatsapp.connect(db, after, baseUrl);
      else if (before.apps.whatsapp.chatbot_app_status === 1) await whatsapp.disconnect(db, before);
    },

    platformSender({ db, secrets }) {
      async function enabledChatbot(recipient: Recipient): Promise<StoredChatbot> {
        const chatbot = await chatbotOfOwner(db, recipient.userId, secrets);
        if (!whatsapp.isEnabled(chatbot)) throw new Error('the whatsapp channel is switched off');
        return chatbot;
      }
      /** one call to WhatsApp for a broadcast: tried once, a rate limit waited out by the dispatcher */
      async function sendAs(recipient: Recipient, send: (chatbot: StoredChatbot) => Promise<unknown>) {
        const chatbot = await enabledChatbot(recipient);
        try {
          await send(chatbot);
        } catch (error) {
          if (error instanceof WhatsappError && error.isRateLimited) {
            throw new RetryLater((error.retryAfter ?? 1) * 1000);
          }
          throw error;
        }
      }
      return {
        send: (recipient, message) =>
          sendAs(recipient, (chatbot) =>
            whatsapp.sendMessages(chatbot, recipient.senderId, [message], db, ONE_TRY),
          ),
        window: {
          closedReason:
            'more than 24 hours since the customer last wrote: WhatsApp takes only an approved template then',
          async isOpen(recipient) {
            await enabledChatbot(recipient);
            const wrote = await lastWroteAt(db, recipient);
            return wrote !== null && Date.now() - wrote.getTime() < WHATSAPP_WINDOW_MS - WINDOW_MARGIN_MS;
          },
          sendTemplate: (recipient, template) =>
            sendAs(recipient, (chatbot) =>
              whatsapp.sendTemplate(chatbot, recipient.senderId, template, db, ONE_TRY),
            ),
          // an order confirmation: the chatbot's WhatsApp settings name its template, {{1}} the order number
          sendNoticeTemplate: (recipient, notice) =>
            sendAs(recipient, (chatbot) => {
              const { order_template: name, order_template_lang: language } =
                chatbot.apps.whatsapp.chatbot_app_credentials;
              if (name.trim() === '') throw new Error(NO_ORDER_TEMPLATE);
              const template = { name: name.trim(), language: language.trim(), params: notice.params };
              return whatsapp.sendTemplate(chatbot, recipient.senderId, template, db, ONE_TRY);
            }),
        },
      };
    },
  };
}
