import { z } from 'zod';
import { findChatbotByPublicToken } from '../../modules/chatbot/chatbot-service.ts';
import { publicBaseUrl } from '../../modules/chatbot/chatbot-snippets.ts';
import { RetryLater } from '../../modules/subscriptions/platform-senders.ts';
import { type ChannelPlugin, ONE_TRY } from '../channel-adapter.ts';
import { chatbotOfOwner, chatbotOfToken } from '../channel-chatbots.ts';
import { renderStatusPage } from '../status-page.ts';
import { listConnections, storeUpdate } from '../update-repository.ts';
import { refuse } from '../webhook-refusal.ts';
import {
  createTelegramAdapter,
  isWebhookSecretValid,
  senderOfUpdate,
  TELEGRAM,
  type TelegramSettings,
} from './telegram-adapter.ts';
import { TelegramError } from './telegram-api.ts';

const tokenParams = z.object({ token: z.string().min(1).max(200) });
const authorizeParams = z.object({ userId: z.string().max(20), chatbotId: z.string().max(20) });
const broadcastParams = z.object({ chatbotId: z.string().max(20) });
const instructionQuery = z.object({ token: z.string().max(200).optional() });

/** Telegram (README.md): the webhook, the instruction pages, connecting on save, broadcasts. */
export function createTelegramChannel(settings: TelegramSettings): ChannelPlugin {
  const telegram = createTelegramAdapter(settings);
  return {
    adapter: telegram,

    routes(app, { db, config, secrets, wake }) {
      app.post(
        '/hooks/telegram/:token',
        { schema: { tags: ['channels'], params: tokenParams, description: 'Telegram Bot API webhook' } },
        async (request, reply) => {
          const chatbot = await chatbotOfToken(db, request.params.token, secrets);
          if (!chatbot || !telegram.isEnabled(chatbot)) return refuse(reply, 404);
          const secret = request.headers['x-telegram-bot-api-secret-token'];
          if (!isWebhookSecretValid(settings, chatbot, typeof secret === 'string' ? secret : undefined)) {
            return refuse(reply, 401);
          }
          const sender = senderOfUpdate(request.body);
          // an update kind the bot does not read is acknowledged and dropped, or Telegram would resend it
          if (sender) {
            const isNew = await storeUpdate(db, {
              userId: chatbot.user_id,
              channel: TELEGRAM,
              externalId: sender.externalId,
              senderId: sender.senderId,
              payload: request.body,
            });
            if (isNew) wake();
          }
          return { ok: true };
        },
      );

      /** An instruction link's page: the owner's chatbot by its public token; authorize connects again. */
      const page = async (
        kind: 'authorize' | 'broadcast',
        request: { protocol: string; host: string },
        ids: { userId: string | null; chatbotId: string; token: string },
      ) => {
        const chatbot = await findChatbotByPublicToken(db, ids.token, secrets);
        const isTheirs =
          chatbot !== null &&
          String(chatbot.chatbot_id) === ids.chatbotId &&
          (ids.userId === null || String(chatbot.user_id) === ids.userId);
        if (!chatbot || !isTheirs) return { code: 404, html: renderStatusPage({ kind: 'not_found' }) };
        if (kind === 'authorize' && telegram.isEnabled(chatbot)) {
          await telegram.connect(db, chatbot, publicBaseUrl(config.publicUrl, request));
        }
        const connection = (await listConnections(db, chatbot.user_id))[TELEGRAM];
        const status = telegram.isEnabled(chatbot) ? (connection?.status ?? 'pending') : 'inactive';
        const html = renderStatusPage({
          kind,
          channel: 'Telegram',
          status,
          reason: connection?.reason ?? '',
          account: connection?.account ?? '',
        });
        return { code: 200, html };
      };
      app.get(
        '/authorize/telegram/:userId/:chatbotId',
        { schema: { hide: true, params: authorizeParams, querystring: instructionQuery } },
        async (request, reply) => {
          const { code, html } = await page('authorize', request, {
            userId: request.params.userId,
            chatbotId: request.params.chatbotId,
            token: request.query.token ?? '',
          });
          return reply.code(code).type('text/html; charset=utf-8').send(html);
        },
      );
      app.get(
        '/broadcast/telegram/:chatbotId',
        { schema: { hide: true, params: broadcastParams, querystring: instructionQuery } },
        async (request, reply) => {
          const { code, html } = await page('broadcast', request, {
            userId: null,
            chatbotId: request.params.chatbotId,
            token: request.query.token ?? '',
          });
          return reply.code(code).type('text/html; charset=utf-8').send(html);
        },
      );
    },

    async chatbotSaved({ before, after, baseUrl }, { db }) {
      if (telegram.isEnabled(after)) await telegram.connect(db, after, baseUrl);
      else if (telegram.isEnabled(before)) await telegram.disconnect(db, before);
    },

    platformSender:
      ({ db, secrets }) =>
      async (recipient, message) => {
        const chatbot = await chatbotOfOwner(db, recipient.userId, secrets);
        if (!telegram.isEnabled(chatbot)) throw new Error('the telegram channel is switched off');
        try {
          await telegram.sendMessages(chatbot, recipient.senderId, [message], db, 'en', ONE_TRY);
        } catch (error) {
          if (error instanceof TelegramError && error.status === 429) {
            throw new RetryLater((error.retryAfter ?? 1) * 1000);
          }
          throw error;
        }
      },
  };
}
