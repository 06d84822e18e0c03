import { channelsStatusResponse } from '@hiwar/contracts';
import { z } from 'zod';
import { onChatbotSaved } from '../modules/chatbot/chatbot-events.ts';
import { findChatbotByPublicToken, getChatbot } from '../modules/chatbot/chatbot-service.ts';
import { publicBaseUrl } from '../modules/chatbot/chatbot-snippets.ts';
import type { RuntimeDeps } from '../modules/runtime/index.ts';
import { RetryLater, setPlatformSender } from '../modules/subscriptions/platform-senders.ts';
import { sessionOf } from '../platform/http/auth-guard.ts';
import type { ApiApp, AppModule } from '../platform/http/module.ts';
import { renderStatusPage } from './status-page.ts';
import {
  createTelegramAdapter,
  isWebhookSecretValid,
  senderOfUpdate,
  TELEGRAM,
} from './telegram/telegram-adapter.ts';
import { TelegramError } from './telegram/telegram-api.ts';
import { createUpdateProcessor } from './update-processor.ts';
import { listConnections, storeUpdate } from './update-repository.ts';

/** Webhooks and instruction pages live outside /api: their routes are rewritten as they are added. */
function mountOutsideApi(app: ApiApp): void {
  app.addHook('onRoute', (route) => {
    for (const prefix of ['/api/hooks/', '/api/authorize/', '/api/broadcast/']) {
      if (!route.url.startsWith(prefix)) continue;
      route.url = route.url.slice('/api'.length);
      route.path = route.url;
    }
  });
}

export interface ChannelsModuleOptions {
  runtime?: Omit<RuntimeDeps, 'db'>;
  /** how often the inbox is looked at when no webhook woke the processor (tests shorten it) */
  pollMs?: number;
}

const tokenParams = z.object({ token: z.string().min(1).max(200) });
const instructionParams = z.object({ userId: z.string().max(20), chatbotId: z.string().max(20) });
const instructionQuery = z.object({ token: z.string().max(200).optional() });

/**
 * The messaging channels (issue #14; DESIGN.md §7; apps/server/src/channels/README.md): each platform's webhook
 * stores an update before acknowledging it; this process's update processor answers the stored updates through
 * the runtime and the channel's adapter. Telegram so far. Owns `channel_updates`, `channel_payloads`,
 * `channel_connections`.
 */
export function createChannelsModule(options: ChannelsModuleOptions = {}): AppModule {
  return {
    name: 'channels',
    routes(app, { db, dialect, config, secrets, requireUser }) {
      mountOutsideApi(app);
      const telegram = createTelegramAdapter({ apiUrl: config.telegramApiUrl, secretKey: config.secretKey });
      const processor = createUpdateProcessor({
        db,
        secrets,
        adapters: [telegram],
        log: app.log,
        onlyLocalWorkers: dialect === 'sqlite',
        ...(options.runtime && { runtime: options.runtime }),
        ...(options.pollMs !== undefined && { pollMs: options.pollMs }),
      });
      processor.start();
      const stopListening = onChatbotSaved(db, async ({ before, after, baseUrl }) => {
        if (telegram.isEnabled(after)) await telegram.connect(db, after, baseUrl);
        else if (telegram.isEnabled(before)) await telegram.disconnect(db, before);
      });
      // broadcasts to Telegram subscribers go through the adapter, within the dispatcher's token buckets
      setPlatformSender(db, TELEGRAM, async (recipient, message) => {
        const chatbot = await getChatbot(db, recipient.userId, secrets);
        if (!telegram.isEnabled(chatbot)) throw new Error('the telegram channel is switched off');
        try {
          await telegram.sendMessages(chatbot, recipient.senderId, [message], db, 'en', { attempts: 1 });
        } catch (error) {
          if (error instanceof TelegramError && error.status === 429) {
            throw new RetryLater((error.retryAfter ?? 1) * 1000);
          }
          throw error;
        }
      });
      app.addHook('onClose', async () => {
        stopListening();
        setPlatformSender(db, TELEGRAM, null);
        await processor.stop();
      });

      app.post(
        '/hooks/telegram/:token',
        { schema: { tags: ['channels'], params: tokenParams, description: 'Telegram Bot API webhook' } },
        async (request, reply) => {
          const chatbot = await findChatbotByPublicToken(db, request.params.token, secrets);
          if (!chatbot || !telegram.isEnabled(chatbot)) return reply.code(404).send({ ok: false });
          const secret = request.headers['x-telegram-bot-api-secret-token'];
          if (
            !isWebhookSecretValid(
              { apiUrl: config.telegramApiUrl, secretKey: config.secretKey },
              chatbot,
              typeof secret === 'string' ? secret : undefined,
            )
          ) {
            return reply.code(401).send({ ok: false });
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
            if (isNew) processor.wake();
          }
          return { ok: true };
        },
      );

      const instructionPage =
        (kind: 'authorize' | 'broadcast') =>
        async (
          request: {
            params: { userId: string; chatbotId: string };
            query: { token?: string | undefined };
            protocol: string;
            host: string;
          },
          reply: { type(value: string): unknown; code(value: number): { send(body: string): unknown } },
        ) => {
          const chatbot = await findChatbotByPublicToken(db, request.query.token ?? '', secrets);
          const isTheirs =
            chatbot !== null &&
            String(chatbot.chatbot_id) === request.params.chatbotId &&
            (kind === 'broadcast' || String(chatbot.user_id) === request.params.userId);
          reply.type('text/html; charset=utf-8');
          if (!chatbot || !isTheirs) return reply.code(404).send(renderStatusPage({ kind: 'not_found' }));
          if (kind === 'authorize' && telegram.isEnabled(chatbot)) {
            await telegram.connect(db, chatbot, publicBaseUrl(config.publicUrl, request));
          }
          const connection = (await listConnections(db, chatbot.user_id))[TELEGRAM];
          const status = telegram.isEnabled(chatbot) ? (connection?.status ?? 'pending') : 'inactive';
          return reply.code(200).send(
            renderStatusPage({
              kind,
              channel: 'Telegram',
              status,
              reason: connection?.reason ?? '',
              account: connection?.account ?? '',
            }),
          );
        };
      const pageSchema = { hide: true, params: instructionParams, querystring: instructionQuery };
      app.get('/authorize/telegram/:userId/:chatbotId', { schema: pageSchema }, instructionPage('authorize'));
      app.get(
        '/broadcast/telegram/:chatbotId',
        {
          schema: {
            hide: true,
            params: z.object({ chatbotId: z.string().max(20) }),
            querystring: instructionQuery,
          },
        },
        async (request, reply) =>
          instructionPage('broadcast')(
            { ...request, params: { userId: '', chatbotId: request.params.chatbotId } },
            reply,
          ),
      );

      app.get(
        '/chatbot/channels_status',
        {
          onRequest: requireUser,
          schema: {
            tags: ['chatbot'],
            security: [{ bearer: [] }],
            response: { 200: channelsStatusResponse },
          },
        },
        async (request) => {
          const connections = await listConnections(db, sessionOf(request).userId);
          const data = Object.fromEntries(
            Object.entries(connections).map(([channel, state]) => [
              channel,
              {
                status: state.status,
                reason: state.reason,
                account: state.account,
                updated_at: state.updatedAt,
              },
            ]),
          );
          return { status: 1 as const, data };
        },
      );
    },
  };
}

export const channelsModule = createChannelsModule();
