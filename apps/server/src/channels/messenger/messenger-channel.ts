import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { StoredChatbot } from '../../modules/chatbot/chatbot-service.ts';
import { RetryLater } from '../../modules/subscriptions/platform-senders.ts';
import { GraphError } from '../../platform/facebook/graph-api.ts';
import type { ApiApp } from '../../platform/http/module.ts';
import { type ChannelContext, type ChannelPlugin, ONE_TRY } from '../channel-adapter.ts';
import { chatbotOfOwner, chatbotOfToken } from '../channel-chatbots.ts';
import { findRoute, storePayloads, storeUpdate } from '../update-repository.ts';
import { refuse } from '../webhook-refusal.ts';
import {
  createMessengerAdapter,
  FACEBOOK,
  type MessagingType,
  type MessengerAdapter,
  type MessengerSettings,
} from './messenger-adapter.ts';
import { parseForm, registerLoginRoutes } from './messenger-login.ts';
import { enabledPagesOf, findEnabledPage } from './messenger-pages.ts';
import { senderPageKey } from './messenger-payload-key.ts';
import { connectPages, webhookUrlOf } from './messenger-profile.ts';
import { lastMessageAt } from './messenger-repository.ts';
import { isSignatureValid, isVerifyTokenValid, readableEventsOf } from './messenger-webhook.ts';

export { FACEBOOK } from './messenger-adapter.ts';

/** Meta's standard messaging window: after it, a message needs a tag. */
const MESSAGING_WINDOW_MS = 24 * 60 * 60_000;

const tokenParams = z.object({ token: z.string().min(1).max(200) });
const handshakeQuery = z.object({
  'hub.mode': z.string().max(100).optional(),
  'hub.verify_token': z.string().max(500).optional(),
  'hub.challenge': z.string().max(500).optional(),
});

/** The raw bytes of each webhook body, kept by this scope's JSON parser for the signature check. */
const rawBodies = new WeakMap<object, Buffer>();

/** In this scope only: JSON bodies keep their raw bytes, and forms (the page chooser) are read. */
function installBodyParsers(scope: ApiApp): void {
  const parseJson = scope.getDefaultJsonParser('error', 'error');
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const raw = body as Buffer;
    rawBodies.set(request.raw, raw);
    parseJson(request, raw.toString('utf8'), done);
  });
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, parseForm(String(body)));
    },
  );
}

function registerWebhook(
  app: ApiApp,
  { db, config, secrets, wake }: ChannelContext,
  messenger: MessengerAdapter,
) {
  app.get(
    '/hooks/messenger/:token',
    {
      schema: {
        tags: ['channels'],
        params: tokenParams,
        querystring: handshakeQuery,
        description: "Messenger webhook verification (the app's verify handshake)",
      },
    },
    async (request, reply) => {
      const chatbot = await chatbotOfToken(db, request.params.token, secrets);
      if (!chatbot || !messenger.isEnabled(chatbot)) return refuse(reply, 404);
      const tokens = enabledPagesOf(chatbot).map((page) => page.chatbot_app_credentials.verify_token.trim());
      const isValid =
        request.query['hub.mode'] === 'subscribe' &&
        isVerifyTokenValid(tokens, request.query['hub.verify_token'] ?? '');
      if (!isValid) return refuse(reply, 403);
      return reply.type('text/plain; charset=utf-8').send(request.query['hub.challenge'] ?? '');
    },
  );

  /** Stores the chatbot's readable events (for its enabled pages); answers whether any was new. */
  const storeEvents = async (chatbot: StoredChatbot, events: ReturnType<typeof readableEventsOf>) => {
    const own = events.filter((event) => findEnabledPage(chatbot, event.pageId));
    if (own.length > 0) {
      // the page each sender wrote to, kept before the update: the processor replies with its token
      const pages = new Map(own.map((event) => [senderPageKey(event.senderId), event.pageId]));
      await storePayloads(db, chatbot.user_id, FACEBOOK, pages);
    }
    let isAnyNew = false;
    for (const event of own) {
      const isNew = await storeUpdate(db, {
        userId: chatbot.user_id,
        channel: FACEBOOK,
        externalId: event.externalId,
        senderId: event.senderId,
        payload: event.event,
      });
      isAnyNew ||= isNew;
    }
    return isAnyNew;
  };

  /**
   * The app secret's signature over the raw body; null when it holds, else the refusal's status: 401 alike for
   * a missing and a wrong signature (as WhatsApp's webhook answers), so a caller learns nothing from the code.
   */
  const signatureRefusal = (request: FastifyRequest): 401 | 403 | null => {
    // without the app secret no signature can be checked: nothing is taken
    if (config.fbAppSecret === '') return 403;
    const header = request.headers['x-hub-signature-256'];
    if (typeof header !== 'string' || header === '') return 401;
    const raw = rawBodies.get(request.raw) ?? Buffer.alloc(0);
    return isSignatureValid(config.fbAppSecret, raw, header) ? null : 401;
  };

  app.post(
    '/hooks/messenger/:token',
    { schema: { tags: ['channels'], params: tokenParams, description: 'Messenger webhook (Graph API)' } },
    async (request: FastifyRequest<{ Params: z.infer<typeof tokenParams> }>, reply) => {
      const chatbot = await chatbotOfToken(db, request.params.token, secrets);
      if (!chatbot || !messenger.isEnabled(chatbot)) return refuse(reply, 404);
      const refusal = signatureRefusal(request);
      if (refusal !== null) return refuse(reply, refusal);
      // an event for a page this chatbot does not answer on cannot be answered: acknowledged and dropped
      if (await storeEvents(chatbot, readableEventsOf(request.body))) wake();
      return reply.type('text/plain').send('EVENT_RECEIVED');
    },
  );

  // The operator's Meta app has one webhook for every owner: its events are routed by page to the page's owner.
  app.get(
    '/hooks/messenger',
    {
      schema: {
        tags: ['channels'],
        querystring: handshakeQuery,
        description: "The app's one Messenger webhook: verification with FB_VERIFY_TOKEN",
      },
    },
    async (request, reply) => {
      const isValid =
        config.fbVerifyToken !== '' &&
        request.query['hub.mode'] === 'subscribe' &&
        isVerifyTokenValid([config.fbVerifyToken], request.query['hub.verify_token'] ?? '');
      if (!isValid) return refuse(reply, 403);
      return reply.type('text/plain; charset=utf-8').send(request.query['hub.challenge'] ?? '');
    },
  );
  app.post(
    '/hooks/messenger',
    {
      schema: { tags: ['channels'], description: "The app's one Messenger webhook (events routed by page)" },
    },
    async (request, reply) => {
      const refusal = signatureRefusal(request);
      if (refusal !== null) return refuse(reply, refusal);
      const events = readableEventsOf(request.body);
      let isAnyNew = false;
      for (const pageId of new Set(events.map((event) => event.pageId))) {
        const userId = await findRoute(db, FACEBOOK, pageId);
        if (userId === null) continue;
        const chatbot = await chatbotOfOwner(db, userId, secrets);
        const ofPage = events.filter((event) => event.pageId === pageId);
        isAnyNew = (await storeEvents(chatbot, ofPage)) || isAnyNew;
      }
      if (isAnyNew) wake();
      return reply.type('text/plain').send('EVENT_RECEIVED');
    },
  );
}

/** Facebook Messenger (README.md): the webhook, the Facebook Login popup, the page profiles on save, broadcasts. */
export function createMessengerChannel(settings: MessengerSettings): ChannelPlugin {
  const messenger = createMessengerAdapter(settings);
  return {
    adapter: messenger,

    routes(app, context) {
      app.register(async (scope) => {
        installBodyParsers(scope);
        registerWebhook(scope, context, messenger);
        registerLoginRoutes(scope, context, settings);
      });
    },

    async chatbotSaved({ before, after, baseUrl }, { db }) {
      if (messenger.isEnabled(after) || messenger.isEnabled(before)) {
        await connectPages(settings, db, after, webhookUrlOf(baseUrl, after));
      }
    },

    platformSender:
      ({ db, secrets }) =>
      async (recipient, message, about) => {
        const chatbot = await chatbotOfOwner(db, recipient.userId, secrets);
        if (!messenger.isEnabled(chatbot)) throw new Error('the facebook channel is switched off');
        // within 24 hours of the sender's last message a plain update; after it a person's reply during a
        // hand-over takes the HUMAN_AGENT tag (Meta allows it for 7 days), anything else ACCOUNT_UPDATE
        const lastAt = await lastMessageAt(db, recipient.userId, recipient.senderId);
        const isInWindow = lastAt !== null && Date.now() - lastAt.getTime() < MESSAGING_WINDOW_MS;
        const tag = about?.kind === 'agent_reply' ? 'HUMAN_AGENT' : 'ACCOUNT_UPDATE';
        const type: MessagingType = isInWindow
          ? { messaging_type: 'UPDATE' }
          : { messaging_type: 'MESSAGE_TAG', tag };
        try {
          await messenger.sendMessages(chatbot, recipient.senderId, [message], db, {
            type,
            callOptions: ONE_TRY,
          });
        } catch (error) {
          if (error instanceof GraphError && error.isRateLimit) throw new RetryLater(30_000);
          throw error;
        }
      },
  };
}
