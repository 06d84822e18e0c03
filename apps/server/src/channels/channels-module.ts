import { channelsStatusResponse } from '@hiwar/contracts';
import { onChatbotSaved } from '../modules/chatbot/chatbot-events.ts';
import { setTurnDeliveryLookup } from '../modules/inbox/turn-deliveries.ts';
import type { RuntimeDeps } from '../modules/runtime/index.ts';
import { setPlatformSender } from '../modules/subscriptions/platform-senders.ts';
import type { Config } from '../platform/config.ts';
import { sessionOf } from '../platform/http/auth-guard.ts';
import type { ApiApp, AppModule, ModuleContext } from '../platform/http/module.ts';
import type { ChannelContext, ChannelPlugin } from './channel-adapter.ts';
import { findTurnDeliveries } from './delivery-repository.ts';
import { createDeliveryWorker, type DeliveryWorkerOptions } from './delivery-worker.ts';
import { createGoogleChatChannel } from './google-chat/google-chat-channel.ts';
import { registerInstructionPages } from './instruction-pages.ts';
import { createMessengerChannel } from './messenger/messenger-channel.ts';
import { startNoticeRelay } from './notice-relay.ts';
import { createTelegramChannel } from './telegram/telegram-channel.ts';
import { createUpdateProcessor } from './update-processor.ts';
import { listConnections } from './update-repository.ts';
import { createWhatsappChannel } from './whatsapp/whatsapp-channel.ts';

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

/** Every channel the server speaks. A new channel adds one line here. */
function channelsOf(config: Config, outbound: ModuleContext['outbound']): ChannelPlugin[] {
  return [
    createTelegramChannel({ apiUrl: config.telegramApiUrl, secretKey: config.secretKey }),
    createWhatsappChannel({
      apiUrl: config.whatsappApiUrl,
      appSecret: config.fbAppSecret,
      ownerHttp: outbound.http,
    }),
    createMessengerChannel({ graphUrl: config.facebookGraphUrl }),
    createGoogleChatChannel({ apiUrl: config.googleChatApiUrl, jwksUrl: config.googleChatJwksUrl }),
  ];
}

export interface ChannelsModuleOptions {
  runtime?: Omit<RuntimeDeps, 'db'>;
  /** how often the inbox is looked at when no webhook woke the processor (tests shorten it) */
  pollMs?: number;
  /** how often notices for channel senders are looked for (default 2 s) */
  noticePollMs?: number;
  /** the delivery worker's clock, jitter, poll and waits (tests move the clock instead of waiting) */
  delivery?: Pick<DeliveryWorkerOptions, 'now' | 'random' | 'pollMs' | 'timeoutMs' | 'receiptWaitMs'>;
}

/**
 * The messaging channels (DESIGN.md §7; README.md here): each platform's webhook stores an update
 * before acknowledging it; this process's update processor answers the stored updates through the runtime and
 * the channel's adapter, and its delivery worker sends the replies and notices queued for channel senders until
 * the platform takes them. Owns `channel_updates`, `channel_payloads`, `channel_connections`, `deliveries`.
 */
export function createChannelsModule(options: ChannelsModuleOptions = {}): AppModule {
  return {
    name: 'channels',
    routes(app, { db, dialect, config, secrets, outbound, requireUser }) {
      mountOutsideApi(app);
      const channels = channelsOf(config, outbound);
      const deliveryClock = options.delivery?.now;
      const deliveries = createDeliveryWorker({
        db,
        secrets,
        adapters: channels.map((channel) => channel.adapter),
        log: app.log,
        onlyLocalWorkers: dialect === 'sqlite',
        ...options.delivery,
      });
      const processor = createUpdateProcessor({
        db,
        secrets,
        adapters: channels.map((channel) => channel.adapter),
        log: app.log,
        onlyLocalWorkers: dialect === 'sqlite',
        retryHours: config.deliveryRetryHours,
        onQueued: () => deliveries.wake(),
        ...(deliveryClock && { now: deliveryClock }),
        ...(options.runtime && { runtime: options.runtime }),
        ...(options.pollMs !== undefined && { pollMs: options.pollMs }),
      });
      const context: ChannelContext = { db, config, secrets, wake: () => processor.wake(), log: app.log };
      // once every module is registered: a resumed update's turn needs the runtime's services (the api
      // responses' HTTP client is set by a module registered after this one)
      app.addHook('onReady', async () => {
        processor.start();
        deliveries.start();
      });
      const stopListening = onChatbotSaved(db, async (saved) => {
        for (const channel of channels) await channel.chatbotSaved?.(saved, context);
      });
      for (const channel of channels) {
        if (channel.platformSender)
          setPlatformSender(db, channel.adapter.platform, channel.platformSender(context));
        channel.routes(app, context);
      }
      registerInstructionPages(app, context, channels);
      setTurnDeliveryLookup(db, findTurnDeliveries);
      const relay = startNoticeRelay({
        db,
        platforms: channels.map((channel) => channel.adapter.platform),
        log: app.log,
        retryHours: config.deliveryRetryHours,
        onQueued: () => deliveries.wake(),
        ...(deliveryClock && { now: deliveryClock }),
        ...(options.noticePollMs !== undefined && { pollMs: options.noticePollMs }),
      });
      app.addHook('onClose', async () => {
        await relay.stop();
        stopListening();
        for (const channel of channels) setPlatformSender(db, channel.adapter.platform, null);
        setTurnDeliveryLookup(db, null);
        await processor.stop();
        await deliveries.stop();
      });

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
