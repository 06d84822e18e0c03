import { z } from 'zod';
import { RetryLater } from '../../modules/subscriptions/platform-senders.ts';
import { type ChannelPlugin, ONE_TRY } from '../channel-adapter.ts';
import { chatbotOfOwner, chatbotOfToken } from '../channel-chatbots.ts';
import { storeUpdate } from '../update-repository.ts';
import { refuse } from '../webhook-refusal.ts';
import {
  createGoogleChatAdapter,
  type GoogleChatSettings,
  HANGOUTS,
  isSwitchedOn,
  projectNumberOf,
} from './google-chat-adapter.ts';
import { GoogleChatError } from './google-chat-api.ts';
import { storedAsOf } from './google-chat-events.ts';
import { checkChatRequest } from './google-chat-request-auth.ts';

const tokenParams = z.object({ token: z.string().min(1).max(200) });

/**
 * Google Chat (the spec's "Hangouts"; README.md): the webhook the Chat app's HTTP endpoint points at, checking
 * the key on save, broadcasts. Replies are posted asynchronously with the service account, never in the
 * webhook's answer: the update is stored first, like every channel's.
 */
export function createGoogleChatChannel(settings: GoogleChatSettings): ChannelPlugin {
  const googleChat = createGoogleChatAdapter(settings);
  return {
    adapter: googleChat,

    routes(app, { db, secrets, wake }) {
      app.post(
        '/hooks/hangouts/:token',
        { schema: { tags: ['channels'], params: tokenParams, description: 'Google Chat app HTTP endpoint' } },
        async (request, reply) => {
          const chatbot = await chatbotOfToken(db, request.params.token, secrets);
          if (!chatbot || !googleChat.isEnabled(chatbot)) return refuse(reply, 404);
          const check = await checkChatRequest(
            settings.jwksUrl,
            request.headers.authorization,
            projectNumberOf(chatbot),
          );
          if (check === 'refused') return refuse(reply, 401);
          if (check === 'unavailable') return reply.code(503).send({});
          const stored = storedAsOf(request.body, {
            answersAdded: chatbot.chatbot_start_button_status === 1,
          });
          // an event the bot does not answer is acknowledged and dropped
          if (stored) {
            const isNew = await storeUpdate(db, {
              userId: chatbot.user_id,
              channel: HANGOUTS,
              externalId: stored.externalId,
              senderId: stored.senderId,
              payload: request.body,
            });
            if (isNew) wake();
          }
          // an empty answer: Chat posts nothing now, the replies follow through the API
          return {};
        },
      );
    },

    async chatbotSaved({ before, after, baseUrl }, { db }) {
      if (isSwitchedOn(after)) await googleChat.connect(db, after, baseUrl);
      else if (isSwitchedOn(before)) await googleChat.disconnect(db, before);
    },

    platformSender:
      ({ db, secrets }) =>
      async (recipient, message) => {
        const chatbot = await chatbotOfOwner(db, recipient.userId, secrets);
        if (!googleChat.isEnabled(chatbot)) throw new Error('the Google Chat channel is switched off');
        try {
          await googleChat.sendMessages(chatbot, recipient.senderId, [message], db, ONE_TRY);
        } catch (error) {
          if (error instanceof GoogleChatError && error.status === 429) {
            throw new RetryLater((error.retryAfter ?? 1) * 1000);
          }
          throw error;
        }
      },
  };
}
