import { z } from 'zod';
import type { ApiApp } from '../platform/http/module.ts';
import type { ChannelContext, ChannelPlugin } from './channel-adapter.ts';
import { chatbotOfToken } from './channel-chatbots.ts';
import { renderStatusPage } from './status-page.ts';
import { listConnections } from './update-repository.ts';

/** The console's driver names (instruction-links.ts) → the channels' names and their display names. */
const drivers: Record<string, { channel: string; label: string }> = {
  fb: { channel: 'facebook', label: 'Facebook Messenger' },
  whatsapp: { channel: 'whatsapp', label: 'WhatsApp' },
  hangouts: { channel: 'hangouts', label: 'Google Chat' },
};

const authorizeParams = z.object({
  driver: z.string().max(20),
  userId: z.string().max(20),
  chatbotId: z.string().max(20),
});
const broadcastParams = z.object({ driver: z.string().max(20), chatbotId: z.string().max(20) });
const tokenQuery = z.object({ token: z.string().max(200).optional() });

/**
 * The instruction links of the chatbot screen for the channels without pages of their own (Telegram has its
 * own): `/authorize/{driver}/{user_id}/{chatbot_id}?token=` connects again — Facebook's opens the page login —
 * and shows the status the platform answered; `/broadcast/{driver}/{chatbot_id}?token=` shows it.
 */
export function registerInstructionPages(
  app: ApiApp,
  context: ChannelContext,
  channels: ChannelPlugin[],
): void {
  const { db, config, secrets } = context;
  const pluginOf = (channel: string) => channels.find((plugin) => plugin.adapter.channel === channel);

  const page = async (
    kind: 'authorize' | 'broadcast',
    request: { protocol: string; host: string },
    ids: { driver: string; userId: string | null; chatbotId: string; token: string },
  ) => {
    const driver = drivers[ids.driver];
    const plugin = driver ? pluginOf(driver.channel) : undefined;
    const chatbot = await chatbotOfToken(db, ids.token, secrets);
    const isTheirs =
      chatbot !== null &&
      String(chatbot.chatbot_id) === ids.chatbotId &&
      (ids.userId === null || String(chatbot.user_id) === ids.userId);
    if (!driver || !plugin || !chatbot || !isTheirs) {
      return { code: 404, html: renderStatusPage({ kind: 'not_found' }) };
    }
    const isOn = plugin.adapter.isEnabled(chatbot);
    if (kind === 'authorize' && isOn) {
      const baseUrl = config.publicUrl || `${request.protocol}://${request.host}`;
      await plugin.chatbotSaved?.({ before: chatbot, after: chatbot, baseUrl }, context);
    }
    const connection = (await listConnections(db, chatbot.user_id))[driver.channel];
    const html = renderStatusPage({
      kind,
      channel: driver.label,
      status: isOn ? (connection?.status ?? 'pending') : 'inactive',
      reason: connection?.reason ?? '',
      account: connection?.account ?? '',
    });
    return { code: 200, html };
  };

  app.get(
    '/authorize/:driver/:userId/:chatbotId',
    { schema: { hide: true, params: authorizeParams, querystring: tokenQuery } },
    async (request, reply) => {
      const token = request.query.token ?? '';
      // Facebook's authorisation is its page login popup
      if (request.params.driver === 'fb') {
        return reply.redirect(
          `/authorize/fb/${encodeURIComponent(request.params.userId)}?token=${encodeURIComponent(token)}`,
        );
      }
      const { code, html } = await page('authorize', request, { ...request.params, token });
      return reply.code(code).type('text/html; charset=utf-8').send(html);
    },
  );
  app.get(
    '/broadcast/:driver/:chatbotId',
    { schema: { hide: true, params: broadcastParams, querystring: tokenQuery } },
    async (request, reply) => {
      const { code, html } = await page('broadcast', request, {
        ...request.params,
        userId: null,
        token: request.query.token ?? '',
      });
      return reply.code(code).type('text/html; charset=utf-8').send(html);
    },
  );
}
