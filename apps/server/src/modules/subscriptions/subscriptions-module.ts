import {
  browseSubscriptionCommandParams,
  browseSubscriptionParams,
  browseSubscriptionResponse,
  countSubscribersRequest,
  countSubscribersResponse,
  existingSubscriptionIdParams,
  keywordsRequest,
  ok,
  regeneratedKeyResponse,
  savedSubscriptionResponse,
  saveSubscriptionRequest,
  sendFromApiRequest,
  sendToSubscribersRequest,
  sendToSubscribersResponse,
  subscriptionIdParams,
  subscriptionMessages,
  subscriptionPageParams,
  subscriptionPageResponse,
} from '@hiwar/contracts';
import { AppError } from '../../platform/http/app-error.ts';
import { sessionOf } from '../../platform/http/auth-guard.ts';
import type { AppModule } from '../../platform/http/module.ts';
import { SharedRateLimiter } from '../../platform/rate-limit/shared-limiter.ts';
import { createBroadcastDispatcher, setBroadcastDispatcher } from './broadcast-dispatcher.ts';
import { findChannelByKey, whiteDomainsOf } from './channel-repository.ts';
import {
  defaultNotificationStreamTimings,
  type NotificationStreamTimings,
  type OpenStreams,
  streamChannelNotifications,
} from './notification-stream.ts';
import {
  browseChannel,
  countSubscribers,
  listChannels,
  ownChannel,
  regenerateKey,
  removeChannel,
  saveChannel,
  sendFromConsole,
  sendNotification,
} from './subscriptions-service.ts';
import { isOriginAllowed } from './white-domains.ts';

const tags = ['subscriptions'];
const security = [{ bearer: [] }];

/** External sends per api key per minute. */
const API_SENDS_PER_MINUTE = 30;

export interface SubscriptionsModuleOptions {
  /** how often the outbox is looked at when nothing woke the dispatcher (tests shorten it) */
  pollMs?: number;
  /** web recipients per delivery transaction */
  batchSize?: number;
  /** the wait before a recipient's next try after the platform failed (tests shorten it) */
  retryWaitMs?: (attempt: number) => number;
  streamTimings?: NotificationStreamTimings;
}

/**
 * Subscription channels, their subscribers and notifications (spec part 2 "Subscriptions"; README.md here).
 * Owns `subscription_channels`, `subscribers`, `subscriber_values`, `notifications` and
 * `notification_outbox`; runs this process's broadcast dispatcher.
 */
export function createSubscriptionsModule(options: SubscriptionsModuleOptions = {}): AppModule {
  return {
    name: 'subscriptions',
    routes(app, { db, dialect, config, requireUser }) {
      const dispatcher = createBroadcastDispatcher({
        db,
        rates: config.broadcastRates,
        log: app.log,
        onlyLocalWorkers: dialect === 'sqlite',
        ...(options.pollMs !== undefined && { pollMs: options.pollMs }),
        ...(options.batchSize !== undefined && { batchSize: options.batchSize }),
        ...(options.retryWaitMs && { retryWaitMs: options.retryWaitMs }),
      });
      setBroadcastDispatcher(db, dispatcher);
      // once every module is registered: the channels register their platform senders after this module, and a
      // send resumed at start must find them (it failed a restarted Telegram send's recipients as not connected)
      app.addHook('onReady', async () => dispatcher.start());
      const streams: OpenStreams = new Set();
      app.addHook('preClose', async () => {
        for (const end of [...streams]) end();
      });
      app.addHook('onClose', async () => {
        await dispatcher.stop();
        setBroadcastDispatcher(db, null);
      });
      // counted in the database (exactly: one write per send), so every server and a restart see one count
      const apiLimiter = new SharedRateLimiter(db, {
        name: 'subscriptions.api',
        limit: API_SENDS_PER_MINUTE,
        windowMs: 60_000,
      });

      app.post(
        '/subscription/get/:page',
        {
          onRequest: requireUser,
          schema: {
            tags,
            security,
            params: subscriptionPageParams,
            body: keywordsRequest,
            response: { 200: subscriptionPageResponse },
          },
        },
        async (request) =>
          listChannels(db, sessionOf(request).userId, request.params.page, request.body.keywords),
      );
      app.post(
        '/subscription/save/:id',
        {
          onRequest: requireUser,
          schema: {
            tags,
            security,
            params: subscriptionIdParams,
            body: saveSubscriptionRequest,
            response: { 200: savedSubscriptionResponse },
          },
        },
        async (request) => ({
          status: 1 as const,
          id: await saveChannel(db, sessionOf(request).userId, request.params.id, request.body),
        }),
      );
      app.post(
        '/subscription/delete/:id',
        {
          onRequest: requireUser,
          schema: { tags, security, params: existingSubscriptionIdParams, response: { 200: ok } },
        },
        async (request) => {
          await removeChannel(db, sessionOf(request).userId, request.params.id);
          return { status: 1 as const };
        },
      );
      app.post(
        '/subscription/regenerate_key/:id',
        {
          onRequest: requireUser,
          schema: {
            tags,
            security,
            params: existingSubscriptionIdParams,
            response: { 200: regeneratedKeyResponse },
          },
        },
        async (request) => ({
          status: 1 as const,
          data: { api_key: await regenerateKey(db, sessionOf(request).userId, request.params.id) },
        }),
      );
      const browseAnswer = { 200: browseSubscriptionResponse };
      app.get(
        '/subscription/browse/:channel_id',
        {
          onRequest: requireUser,
          schema: { tags, security, params: browseSubscriptionParams, response: browseAnswer },
        },
        async (request) => browseChannel(db, sessionOf(request).userId, request.params.channel_id, undefined),
      );
      app.get(
        '/subscription/browse/:channel_id/:command_id',
        {
          onRequest: requireUser,
          schema: { tags, security, params: browseSubscriptionCommandParams, response: browseAnswer },
        },
        async (request) =>
          browseChannel(db, sessionOf(request).userId, request.params.channel_id, request.params.command_id),
      );
      app.post(
        '/subscription/count_subscribers',
        {
          onRequest: requireUser,
          schema: {
            tags,
            security,
            body: countSubscribersRequest,
            response: { 200: countSubscribersResponse },
          },
        },
        async (request) => countSubscribers(db, sessionOf(request).userId, request.body),
      );
      app.post(
        '/subscription/send_to_subscribers',
        {
          onRequest: requireUser,
          schema: {
            tags,
            security,
            body: sendToSubscribersRequest,
            response: { 200: sendToSubscribersResponse },
          },
        },
        async (request) => sendFromConsole(db, sessionOf(request).userId, request.body),
      );
      app.get(
        '/stream_fetch/subscription/:channel_id',
        {
          onRequest: requireUser,
          schema: { tags, security, params: browseSubscriptionParams },
        },
        async (request, reply) => {
          await ownChannel(db, sessionOf(request).userId, request.params.channel_id);
          const timings = options.streamTimings ?? defaultNotificationStreamTimings;
          streamChannelNotifications({ db, streams, timings }, request, reply, request.params.channel_id);
          return reply;
        },
      );

      // the external send: the owner's own system (or a page on a white domain) by the channel's api key
      app.options('/send_to_subscribers_from_api', { schema: { hide: true } }, async (request, reply) => {
        reply
          .header('access-control-allow-origin', request.headers.origin ?? '*')
          .header('access-control-allow-methods', 'POST')
          .header('access-control-allow-headers', 'content-type')
          .header('access-control-max-age', '600')
          .header('vary', 'Origin')
          .code(204);
        return reply.send();
      });
      app.post(
        '/send_to_subscribers_from_api',
        {
          schema: {
            tags: ['subscriptions-api'],
            description:
              "Sends a notification to a subscription channel from the owner's own system, authorised by the channel's api_key; when the channel lists white domains, only from those (Origin, else Referer). 30 sends per key per minute.",
            body: sendFromApiRequest,
            response: { 200: sendToSubscribersResponse },
          },
        },
        async (request, reply) => {
          if (request.headers.origin)
            reply.header('access-control-allow-origin', request.headers.origin).header('vary', 'Origin');
          const channel = await findChannelByKey(db, request.body.api_key);
          if (!channel) throw new AppError('unauthenticated', subscriptionMessages.apiKeyInvalid);
          const referer = typeof request.headers.referer === 'string' ? request.headers.referer : undefined;
          if (!isOriginAllowed(whiteDomainsOf(channel), request.headers.origin, referer)) {
            throw new AppError('forbidden', subscriptionMessages.originRefused);
          }
          if (!(await apiLimiter.take(String(channel.sc_id)))) {
            throw new AppError('throttled', subscriptionMessages.apiSendsThrottled);
          }
          return sendNotification(db, channel, request.body, 'api');
        },
      );
    },
  };
}

export const subscriptionsModule = createSubscriptionsModule();
