import {
  debugQuery,
  debugResponse,
  ok,
  testChatHistoryResponse,
  testChatRequest,
  testChatResponse,
} from '@hiwar/contracts';
import { sessionOf } from '../../platform/http/auth-guard.ts';
import type { AppModule } from '../../platform/http/module.ts';
import type { RuntimeDeps } from '../runtime/index.ts';
import { debugMessage } from './debug-message.ts';
import { resetTestChat, sendTestMessage, testChatHistory } from './test-chat-service.ts';

const tags = ['test chat'];
const security = [{ bearer: [] }];

export interface TestChatModuleOptions {
  /** injected clock and random source for the runtime (tests) */
  runtime?: Omit<RuntimeDeps, 'db'>;
}

/**
 * The console's live test chat: the owner talks to the real bot as one test sender (platform
 * `test`), sees each turn's trace, and can start over; and the debugger (`GET /debug`): what the bot would make
 * of a message, its replies previewed without storing anything. Owns no table: the turns, bank and preferences
 * are the runtime's rows of that sender.
 */
export function createTestChatModule(options: TestChatModuleOptions = {}): AppModule {
  return {
    name: 'test-chat',
    routes(app, { db, requireUser }) {
      const context = { db, runtime: options.runtime ?? {} };

      app.post(
        '/test_chat/send',
        {
          onRequest: requireUser,
          schema: { tags, security, body: testChatRequest, response: { 200: testChatResponse } },
        },
        async (request) => ({
          status: 1 as const,
          data: await sendTestMessage(context, sessionOf(request).userId, request.body.event),
        }),
      );
      app.post(
        '/test_chat/reset',
        { onRequest: requireUser, schema: { tags, security, response: { 200: ok } } },
        async (request) => {
          await resetTestChat(db, sessionOf(request).userId);
          return { status: 1 as const };
        },
      );
      app.get(
        '/test_chat/history',
        { onRequest: requireUser, schema: { tags, security, response: { 200: testChatHistoryResponse } } },
        async (request) => ({
          status: 1 as const,
          data: await testChatHistory(db, sessionOf(request).userId),
        }),
      );

      app.get(
        '/debug',
        {
          onRequest: requireUser,
          schema: { tags: ['nlu'], security, querystring: debugQuery, response: { 200: debugResponse } },
        },
        async (request) => ({
          status: 1 as const,
          data: await debugMessage(db, sessionOf(request).userId, request.query.message),
        }),
      );
    },
  };
}

export const testChatModule = createTestChatModule();
