import {
  chatbotBreadcrumbResponse,
  chatbotMessages,
  identityVerificationRequest,
  identityVerificationResponse,
  idParam,
  saveChatbotRequest,
} from '@hiwar/contracts';
import { z } from 'zod';
import { sessionOf } from '../../platform/http/auth-guard.ts';
import type { AppModule } from '../../platform/http/module.ts';
import { chatbotSaved } from './chatbot-events.ts';
import {
  browseChatbot,
  chatbotCrumbName,
  getChatbot,
  identityVerificationOf,
  saveChatbot,
  setIdentityVerification,
} from './chatbot-service.ts';
import { publicBaseUrl } from './chatbot-snippets.ts';

const tags = ['chatbot'];
const security = [{ bearer: [] }];

/** The owner's chatbot settings (spec part 1 §2 "Chatbot settings"). Owns `chatbots`. */
export const chatbotModule: AppModule = {
  name: 'chatbot',
  routes(app, { db, secrets, config, requireUser }) {
    const context = { db, secrets };

    app.get('/chatbot/browse', { onRequest: requireUser, schema: { tags, security } }, async (request) =>
      browseChatbot(context, sessionOf(request).userId, publicBaseUrl(config.publicUrl, request)),
    );

    app.get(
      '/chatbot/browse/:id',
      {
        onRequest: requireUser,
        schema: {
          tags,
          security,
          params: z.object({ id: idParam }),
          response: { 200: chatbotBreadcrumbResponse },
        },
      },
      async (request) => {
        const name = await chatbotCrumbName(db, sessionOf(request).userId, request.params.id);
        return { status: 1 as const, data: { name } };
      },
    );

    app.get(
      '/chatbot/identity_verification',
      { onRequest: requireUser, schema: { tags, security, response: { 200: identityVerificationResponse } } },
      async (request) => ({
        status: 1 as const,
        data: await identityVerificationOf(db, sessionOf(request).userId),
      }),
    );

    app.post(
      '/chatbot/identity_verification',
      {
        onRequest: requireUser,
        schema: {
          tags,
          security,
          body: identityVerificationRequest,
          response: { 200: identityVerificationResponse },
        },
      },
      async (request) => {
        const data = await setIdentityVerification(context, sessionOf(request).userId, request.body.status);
        const msg = data.status === 1 ? chatbotMessages.identityOn : chatbotMessages.identityOff;
        return { status: 1 as const, msg, data };
      },
    );

    app.post(
      '/chatbot/save',
      { onRequest: requireUser, schema: { tags, security, body: saveChatbotRequest } },
      async (request) => {
        const { userId } = sessionOf(request);
        const before = await getChatbot(db, userId, secrets);
        await saveChatbot(context, userId, request.body);
        const after = await getChatbot(db, userId, secrets);
        const baseUrl = publicBaseUrl(config.publicUrl, request);
        for (const error of await chatbotSaved(db, { before, after, baseUrl })) {
          request.log.warn({ err: error }, 'a channel could not follow the saved chatbot');
        }
        return { status: 1 as const, msg: chatbotMessages.saved };
      },
    );
  },
};
