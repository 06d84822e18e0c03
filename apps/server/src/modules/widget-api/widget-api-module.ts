import {
  failureEnvelope,
  WIDGET_AUDIO_LIMIT_BYTES,
  WIDGET_BODY_LIMIT_BYTES,
  widgetBotParams,
  widgetHistoryQuery,
  widgetHistoryResponse,
  widgetMessageRequest,
  widgetMessageResponse,
  widgetMessages,
  widgetNewSenderResponse,
  widgetNoticesQuery,
  widgetNoticesResponse,
  widgetSettingsResponse,
  widgetTranscribeQuery,
  widgetTranscribeResponse,
} from '@hiwar/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/http/app-error.ts';
import type { AppModule } from '../../platform/http/module.ts';
import { SharedRateLimiter } from '../../platform/rate-limit/shared-limiter.ts';
import type { RuntimeDeps } from '../runtime/index.ts';
import { createTranscriber } from '../speech/transcribe.ts';
import { allowAnyOrigin, logWidgetAnswers, mountOutsideApi, WIDGET_API_PREFIX } from './widget-http.ts';
import {
  newWidgetSender,
  postWidgetMessage,
  requireChatbot,
  requireSenderIdentity,
  transcribeRecording,
  type WidgetContext,
  widgetHistory,
  widgetNotices,
  widgetSettingsOf,
} from './widget-service.ts';

export interface WidgetApiOptions {
  /** injected clock and random source for the runtime (tests) */
  runtime?: Omit<RuntimeDeps, 'db'>;
  /** messages per sender per 10 s */
  senderLimit?: number;
  /** calls per client address per 10 s; loopback addresses (the operator's own machine) are not limited */
  addressLimit?: number;
}

const WINDOW_MS = 10_000;
const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;
const errors = {
  403: failureEnvelope,
  404: failureEnvelope,
  413: failureEnvelope,
  422: failureEnvelope,
  429: failureEnvelope,
};

async function limitAddress(limiter: SharedRateLimiter, request: FastifyRequest): Promise<void> {
  if (LOOPBACK.test(request.ip)) return;
  if (!(await limiter.take(request.ip))) throw new AppError('throttled', widgetMessages.tooManyRequests);
}

/** The web messenger's public API under /widget/api/{bot} (see README.md). */
export function createWidgetApiModule(options: WidgetApiOptions = {}): AppModule {
  return {
    name: 'widget-api',
    routes(app, { db, secrets, outbound, config }) {
      const context: WidgetContext = { db, secrets, runtime: options.runtime ?? {} };
      const transcribe = createTranscriber({
        http: outbound.http,
        secrets,
        googleSpeechUrl: config.googleSpeechUrl,
      });
      // counted in the database, shared by every server and kept across a restart; a process reserves a quarter
      // of a limit at a time (the next while half is left), so a busy sender costs a write per 15 messages and
      // seldom waits for one (bench/RESULTS.md "Rate limits in the database" for what it costs)
      const senderLimit = options.senderLimit ?? 60;
      const addressLimit = options.addressLimit ?? 300;
      const senders = new SharedRateLimiter(db, {
        name: 'widget.sender',
        limit: senderLimit,
        windowMs: WINDOW_MS,
        block: Math.ceil(senderLimit / 4),
      });
      const addresses = new SharedRateLimiter(db, {
        name: 'widget.address',
        limit: addressLimit,
        windowMs: WINDOW_MS,
        block: Math.ceil(addressLimit / 4),
      });
      mountOutsideApi(app);
      allowAnyOrigin(app);
      logWidgetAnswers(app);
      const tags = ['widget'];

      app.get(
        `${WIDGET_API_PREFIX}/:bot/settings`,
        { schema: { tags, params: widgetBotParams, response: { 200: widgetSettingsResponse, ...errors } } },
        async (request) => {
          await limitAddress(addresses, request);
          const chatbot = await requireChatbot(context, request.params.bot);
          return { status: 1 as const, data: widgetSettingsOf(chatbot) };
        },
      );

      app.post(
        `${WIDGET_API_PREFIX}/:bot/senders`,
        { schema: { tags, params: widgetBotParams, response: { 200: widgetNewSenderResponse, ...errors } } },
        async (request) => {
          await limitAddress(addresses, request);
          const chatbot = await requireChatbot(context, request.params.bot);
          return { status: 1 as const, data: newWidgetSender(chatbot) };
        },
      );

      app.post(
        `${WIDGET_API_PREFIX}/:bot/messages`,
        {
          bodyLimit: WIDGET_BODY_LIMIT_BYTES,
          // the busiest call: two info lines per message would cost more than the rest of the logging
          logLevel: 'warn',
          schema: {
            tags,
            params: widgetBotParams,
            body: widgetMessageRequest,
            response: { 200: widgetMessageResponse, ...errors },
          },
        },
        async (request) => {
          await limitAddress(addresses, request);
          const { sender_id: senderId, sender_hash: senderHash, event, locale } = request.body;
          const chatbot = await requireChatbot(context, request.params.bot);
          // before the sender's count: a stranger without the hash cannot use up a verified sender's messages
          requireSenderIdentity(chatbot, { senderId, senderHash });
          if (!(await senders.take(`${request.params.bot}:${senderId}`))) {
            throw new AppError('throttled', widgetMessages.tooManyRequests);
          }
          const turn = await postWidgetMessage(context, chatbot, { senderId, event, locale });
          return { status: 1 as const, replies: turn.replies, turn_id: turn.turnId };
        },
      );

      // the messenger's recordings arrive as they are (audio/webm;codecs=opus…), not as JSON or multipart
      app.addContentTypeParser(
        /^audio\/(webm|ogg|mp4|wav)(;.*)?$/,
        { parseAs: 'buffer', bodyLimit: WIDGET_AUDIO_LIMIT_BYTES },
        (_request, body, done) => done(null, body),
      );

      app.post(
        `${WIDGET_API_PREFIX}/:bot/transcribe`,
        {
          bodyLimit: WIDGET_AUDIO_LIMIT_BYTES,
          schema: {
            tags,
            params: widgetBotParams,
            querystring: widgetTranscribeQuery,
            response: {
              200: widgetTranscribeResponse,
              415: failureEnvelope,
              503: failureEnvelope,
              ...errors,
            },
          },
        },
        async (request) => {
          await limitAddress(addresses, request);
          const { sender_id: senderId, sender_hash: senderHash } = request.query;
          const chatbot = await requireChatbot(context, request.params.bot);
          requireSenderIdentity(chatbot, { senderId, senderHash });
          // a recording costs the provider's time and the owner's quota: it counts as one of the sender's messages
          if (!(await senders.take(`${request.params.bot}:${senderId}`))) {
            throw new AppError('throttled', widgetMessages.tooManyRequests);
          }
          const text = await transcribeRecording(transcribe, chatbot, {
            audio: request.body,
            contentType: request.headers['content-type'] ?? '',
            log: request.log,
          });
          return { status: 1 as const, text };
        },
      );

      app.get(
        `${WIDGET_API_PREFIX}/:bot/history`,
        {
          schema: {
            tags,
            params: widgetBotParams,
            querystring: widgetHistoryQuery,
            response: { 200: widgetHistoryResponse, ...errors },
          },
        },
        async (request) => {
          await limitAddress(addresses, request);
          const chatbot = await requireChatbot(context, request.params.bot);
          const { sender_id: senderId, sender_hash: senderHash, before } = request.query;
          requireSenderIdentity(chatbot, { senderId, senderHash });
          const history = await widgetHistory(context, chatbot, { senderId, before });
          return { status: 1 as const, data: history.turns, notices: history.notices };
        },
      );

      app.get(
        `${WIDGET_API_PREFIX}/:bot/notices`,
        {
          // polled by every open messenger
          logLevel: 'warn',
          schema: {
            tags,
            params: widgetBotParams,
            querystring: widgetNoticesQuery,
            response: { 200: widgetNoticesResponse, ...errors },
          },
        },
        async (request) => {
          await limitAddress(addresses, request);
          const chatbot = await requireChatbot(context, request.params.bot);
          const { sender_id: senderId, sender_hash: senderHash, after } = request.query;
          requireSenderIdentity(chatbot, { senderId, senderHash });
          const { notices, handoff } = await widgetNotices(context, chatbot, { senderId, after });
          return { status: 1 as const, data: notices, handoff };
        },
      );
    },
  };
}

export const widgetApiModule = createWidgetApiModule();
