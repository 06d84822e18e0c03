import {
  addInboxExampleRequest,
  addInboxExampleResponse,
  conversationsQuery,
  conversationsResponse,
  correctTurnRequest,
  correctTurnResponse,
  handoffReplyRequest,
  handoffResponse,
  inboxGroupParams,
  inboxMessages,
  inboxQuery,
  inboxResponse,
  inboxWaitingResponse,
  notForBotResponse,
  ok,
  senderKeyParams,
  trafficQuery,
  trafficResponse,
  turnParams,
  turnsQuery,
  turnsResponse,
} from '@hiwar/contracts';
import { notifyExamplesChanged, notifyNegativesChanged } from '../../kernel/examples-changed.ts';
import { sessionOf } from '../../platform/http/auth-guard.ts';
import type { AppModule } from '../../platform/http/module.ts';
import { countWaitingHandoffs } from '../handoff/handoff-repository.ts';
import { handoffOf, releaseByOwner, replyToSender } from '../handoff/handoff-service.ts';
import {
  addGroupMessageAsExample,
  conversationsPage,
  dismissGroup,
  inboxPage,
  senderOfKey,
  transcriptPage,
  waitingMessages,
} from './inbox-service.ts';
import {
  defaultInboxStreamTimings,
  type InboxStreamTimings,
  type OpenInboxStreams,
  streamInbox,
} from './inbox-stream.ts';
import { readTraffic } from './traffic-repository.ts';
import { correctTurn, markTurnNotForBot } from './turn-corrections.ts';

const tags = ['inbox'];
const security = [{ bearer: [] }];

export interface InboxModuleOptions {
  streamTimings?: InboxStreamTimings;
}

/**
 * The owner's view of the bot's conversations (README.md here): the senders and their transcripts,
 * the "not understood" inbox, the traffic chart, the hand-over to a person (replies, release, the timeout) and
 * the event stream that tells the console when any of it moves. Owns `inbox_*`, `traffic_days`, `handoffs`.
 */
export function createInboxModule(options: InboxModuleOptions = {}): AppModule {
  return {
    name: 'inbox',
    routes(app, { db, dialect, requireUser }) {
      const streams: OpenInboxStreams = new Set();
      app.addHook('preClose', async () => {
        for (const end of [...streams]) end();
      });

      app.get(
        '/conversations',
        {
          onRequest: requireUser,
          schema: {
            tags,
            security,
            querystring: conversationsQuery,
            response: { 200: conversationsResponse },
          },
        },
        async (request) => conversationsPage(db, dialect, sessionOf(request).userId, request.query),
      );
      app.get(
        '/conversations/:sender_key/turns',
        {
          onRequest: requireUser,
          schema: {
            tags,
            security,
            params: senderKeyParams,
            querystring: turnsQuery,
            response: { 200: turnsResponse },
          },
        },
        async (request) =>
          transcriptPage(db, sessionOf(request).userId, request.params.sender_key, request.query.page),
      );
      app.get(
        '/conversations/:sender_key/handoff',
        {
          onRequest: requireUser,
          schema: { tags, security, params: senderKeyParams, response: { 200: handoffResponse } },
        },
        async (request) => ({
          status: 1 as const,
          data: await handoffOf(db, senderOfKey(sessionOf(request).userId, request.params.sender_key)),
        }),
      );
      app.post(
        '/conversations/:sender_key/reply',
        {
          onRequest: requireUser,
          schema: {
            tags,
            security,
            params: senderKeyParams,
            body: handoffReplyRequest,
            response: { 200: ok },
          },
        },
        async (request) => {
          const sender = senderOfKey(sessionOf(request).userId, request.params.sender_key);
          await replyToSender(db, sender, request.body.text);
          return { status: 1 as const, msg: inboxMessages.replySent };
        },
      );
      app.post(
        '/conversations/:sender_key/release',
        {
          onRequest: requireUser,
          schema: { tags, security, params: senderKeyParams, response: { 200: ok } },
        },
        async (request) => {
          await releaseByOwner(db, senderOfKey(sessionOf(request).userId, request.params.sender_key));
          return { status: 1 as const, msg: inboxMessages.released };
        },
      );

      app.get(
        '/inbox/not_understood',
        {
          onRequest: requireUser,
          schema: { tags, security, querystring: inboxQuery, response: { 200: inboxResponse } },
        },
        async (request) => inboxPage(db, sessionOf(request).userId, request.query.page),
      );
      app.post(
        '/inbox/not_understood/:id/add_example',
        {
          onRequest: requireUser,
          schema: {
            tags,
            security,
            params: inboxGroupParams,
            body: addInboxExampleRequest,
            response: { 200: addInboxExampleResponse },
          },
        },
        async (request) => {
          const { userId } = sessionOf(request);
          const added = await addGroupMessageAsExample(db, userId, request.params.id, request.body);
          // the incremental update: the bot understands the message within a second
          await notifyExamplesChanged(db, request.log, userId, [added.commandId]);
          return {
            status: 1 as const,
            msg: inboxMessages.exampleAdded,
            data: { example_id: added.exampleId, command_id: added.commandId },
          };
        },
      );
      // the transcript's corrections: "Wrong command?" and "Not for this bot"
      app.post(
        '/conversations/:sender_key/turns/:turn_id/correct',
        {
          onRequest: requireUser,
          schema: {
            tags,
            security,
            params: turnParams,
            body: correctTurnRequest,
            response: { 200: correctTurnResponse },
          },
        },
        async (request) => {
          const { userId } = sessionOf(request);
          const { sender_key: senderKey, turn_id: turnId } = request.params;
          const added = await correctTurn(db, userId, senderKey, turnId, request.body.command_id);
          await notifyExamplesChanged(db, request.log, userId, [added.commandId]);
          return {
            status: 1 as const,
            msg: inboxMessages.exampleCorrected,
            data: { example_id: added.exampleId, command_id: added.commandId },
          };
        },
      );
      app.post(
        '/conversations/:sender_key/turns/:turn_id/not_for_bot',
        {
          onRequest: requireUser,
          schema: { tags, security, params: turnParams, response: { 200: notForBotResponse } },
        },
        async (request) => {
          const { userId } = sessionOf(request);
          const { sender_key: senderKey, turn_id: turnId } = request.params;
          const { negative, isNew } = await markTurnNotForBot(db, userId, senderKey, turnId);
          if (isNew) await notifyNegativesChanged(db, request.log, userId);
          return {
            status: 1 as const,
            msg: inboxMessages.markedNotForBot,
            data: { negative_id: negative.id, service_id: negative.service_id },
          };
        },
      );
      app.post(
        '/inbox/not_understood/:id/dismiss',
        {
          onRequest: requireUser,
          schema: { tags, security, params: inboxGroupParams, response: { 200: ok } },
        },
        async (request) => {
          await dismissGroup(db, sessionOf(request).userId, request.params.id);
          return { status: 1 as const, msg: inboxMessages.dismissed };
        },
      );
      app.get(
        '/inbox/waiting',
        {
          onRequest: requireUser,
          schema: { tags, security, response: { 200: inboxWaitingResponse } },
        },
        async (request) => {
          const { userId } = sessionOf(request);
          const [waiting, handoffs] = await Promise.all([
            waitingMessages(db, userId),
            countWaitingHandoffs(db, userId),
          ]);
          return { status: 1 as const, data: { waiting, handoffs } };
        },
      );
      app.get(
        '/user/traffic',
        {
          onRequest: requireUser,
          schema: {
            tags: ['dashboard'],
            security,
            querystring: trafficQuery,
            response: { 200: trafficResponse },
          },
        },
        async (request) => ({
          status: 1 as const,
          data: {
            period: request.query.period,
            buckets: await readTraffic(db, sessionOf(request).userId, request.query.period, new Date()),
          },
        }),
      );
      app.get(
        '/stream_fetch/inbox',
        { onRequest: requireUser, schema: { tags, security } },
        async (request, reply) => {
          const timings = options.streamTimings ?? defaultInboxStreamTimings;
          streamInbox({ db, streams, timings }, request, reply, sessionOf(request).userId);
          return reply;
        },
      );
    },
  };
}

export const inboxModule = createInboxModule();
