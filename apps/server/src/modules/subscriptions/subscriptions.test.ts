import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAndLogin } from '../../testing/accounts.ts';
import {
  addCommand,
  type ConversationServer,
  createBot,
  newSender,
  startConversationServer,
  type TestBot,
} from '../../testing/conversation-server.ts';
import { testDatabaseKinds } from '../../testing/test-databases.ts';

async function until<T>(read: () => Promise<T | undefined>, what: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const textNotification = {
  type: 'text',
  title: 'Fresh bread at 7',
  subtitle: 'Only this morning',
  redirect_type: 'web_wedgit',
};

describe.each(await testDatabaseKinds())('subscriptions and broadcasts on $label', (kind) => {
  let server: ConversationServer;
  let bot: TestBot;
  let channelId: number;
  let cityCommandId: number;
  const call = (method: string, path: string, body?: unknown, token = bot.token) =>
    server.call(method, `/api${path}`, { token, ...(body !== undefined && { body }) });

  const noticesOf = async (senderId: number) => {
    const answer = await server.call('GET', `/widget/api/${bot.botToken}/notices?sender_id=${senderId}`);
    return answer.json.data as { notice_id: number; message: Record<string, unknown> }[];
  };

  beforeAll(async () => {
    server = await startConversationServer(kind);
    bot = await createBot(server);
    const command = await addCommand(bot, {
      name: 'city news',
      examples: [
        'news for my city',
        'send me city news',
        'subscribe to city news',
        'notify me about my city',
      ],
      variables: [
        { var_name: 'city', var_type: 'list', var_val_list: ['Cairo', 'Berlin'], var_prompt: 'Which city?' },
      ],
      response: {
        resp_text: 'You will hear about {{city}}.',
        resp_action_status: 1,
        resp_actions: [{ resp_action_type: 'subscribe' }],
      },
    });
    cityCommandId = command.id;
    const saved = await call('POST', '/subscription/save/0', {
      sc_title: 'City news',
      sc_desc: 'Morning news',
      sc_command_id: cityCommandId,
      white_domains: ['https://shop.example.com/page', 'example.org'],
    });
    expect(saved.json).toEqual({ status: 1, id: expect.any(Number) });
    channelId = saved.json.id;
  });
  afterAll(async () => {
    await server.close();
  });

  it('saves a channel with its white domains as hosts, lists it and refuses a title-less one', async () => {
    const listed = await call('POST', '/subscription/get/1', { keywords: 'city' });
    expect(listed.json).toMatchObject({
      status: 1,
      page: 1,
      pages_count: 1,
      data: [
        {
          sc_id: channelId,
          sc_title: 'City news',
          sc_command_id: cityCommandId,
          sc_command_name: 'city news',
          sc_command_service_id: bot.serviceId,
          sc_sibscripers_count: 0,
          white_domains: ['shop.example.com', 'example.org'],
        },
      ],
    });
    const invalid = await call('POST', '/subscription/save/0', {
      sc_title: '  ',
      white_domains: ['not a domain'],
    });
    expect(invalid.status).toBe(422);
    expect(invalid.json.errors).toMatchObject({
      sc_title: ['The sc title field is required'],
      'white_domains.0': ['The white domain must be a domain name such as example.com'],
    });
  });

  it('keeps channels to their owner', async () => {
    const stranger = await registerAndLogin(server);
    expect((await call('GET', `/subscription/browse/${channelId}`, undefined, stranger.token)).status).toBe(
      404,
    );
    const foreignSave = await call(
      'POST',
      `/subscription/save/${channelId}`,
      { sc_title: 'mine' },
      stranger.token,
    );
    expect(foreignSave.status).toBe(404);
    expect((await call('POST', `/subscription/delete/${channelId}`, undefined, stranger.token)).status).toBe(
      404,
    );
    const count = await call(
      'POST',
      '/subscription/count_subscribers',
      { channel_id: channelId, vars: [], platform: null },
      stranger.token,
    );
    expect(count.status).toBe(404);
    const foreignCommand = await call(
      'POST',
      '/subscription/save/0',
      { sc_title: 'x', sc_command_id: cityCommandId },
      stranger.token,
    );
    expect(foreignCommand.status).toBe(422);
    expect(foreignCommand.json.errors).toEqual({ sc_command_id: ['The selected command is invalid'] });
  });

  it('subscribes senders through the conversation once, filters by their variable and sends to each exactly once', async () => {
    const cairo = newSender(bot);
    const berlin = newSender(bot);
    const leaver = newSender(bot);
    expect(await cairo.say('send me city news')).toEqual([{ type: 'text', text: 'Which city?' }]);
    expect(await cairo.say('Cairo')).toEqual([{ type: 'text', text: 'You will hear about Cairo.' }]);
    // subscribing again changes nothing
    await cairo.say('send me city news');
    await cairo.say('Cairo');
    await berlin.say('send me city news');
    await berlin.say('Berlin');
    await leaver.say('send me city news');
    await leaver.say('Cairo');
    expect(await leaver.say('Unsubscribe')).toEqual([
      { type: 'text', text: 'You are unsubscribed and will not get any more notifications.' },
    ]);

    const browsed = await call('GET', `/subscription/browse/${channelId}`);
    expect(browsed.json.data).toMatchObject({
      sc_sibscripers_count: 2,
      api_key: expect.stringMatching(/^hsk_/),
      variables: [{ sv_variable_name: 'city', vals: ['Berlin', 'Cairo'] }],
    });
    expect(browsed.json.vars).toEqual([{ var_id: expect.any(Number), var_name: 'city' }]);

    const cairoOnly = [{ sv_variable_name: 'city', vals: ['Cairo'] }];
    const counted = await call('POST', '/subscription/count_subscribers', {
      channel_id: channelId,
      vars: cairoOnly,
      platform: null,
    });
    expect(counted.json).toEqual({ status: 1, count: 1, per_circle: { web: 1, sub_facebook: 0, whats: 0 } });

    const sent = await call('POST', '/subscription/send_to_subscribers', {
      channel_id: channelId,
      stream_status: 1,
      data: textNotification,
      values: cairoOnly,
      platform: null,
      sub_count: 1,
    });
    expect(sent.json).toEqual({ status: 1, count: 1, notification_id: expect.any(Number) });
    const progress = await until(async () => {
      const answer = await call('GET', `/subscription/browse/${channelId}`);
      const first = answer.json.notifications_pending[0];
      return first?.status === 'done' ? first : undefined;
    }, 'the send finishing');
    expect(progress).toMatchObject({ total: 1, sent: 1, failed: 0, pending: 0, title: 'Fresh bread at 7' });
    expect(await noticesOf(cairo.senderId)).toEqual([
      expect.objectContaining({ message: { type: 'text', text: 'Fresh bread at 7\nOnly this morning' } }),
    ]);
    expect(await noticesOf(berlin.senderId)).toEqual([]);
    expect(await noticesOf(leaver.senderId)).toEqual([]);

    // everyone, as a card with a link
    const all = await call('POST', '/subscription/send_to_subscribers', {
      channel_id: channelId,
      data: {
        type: 'card',
        title: 'Weekend offer',
        subtitle: 'Two for one',
        media: 'https://cdn.example.com/offer.png',
        buttons: [{ item_label_key: 'Order', item_value_key: 'order now' }],
        redirect_type: 'custom_link',
        redirect_link: 'https://shop.example.com/offer',
      },
      values: [],
      platform: 'web',
      sub_count: 2,
    });
    expect(all.json.count).toBe(2);
    const card = await until(async () => {
      const notices = await noticesOf(berlin.senderId);
      return notices.length > 0 ? notices : undefined;
    }, 'the card arriving');
    expect(card.map((notice) => notice.message)).toEqual([
      {
        type: 'cards',
        cards: [
          {
            title: 'Weekend offer',
            subtitle: 'Two for one',
            media: 'https://cdn.example.com/offer.png',
            buttons: [
              { label: 'Order', type: 'postback', value: 'order now' },
              { label: 'shop.example.com', type: 'url', value: 'https://shop.example.com/offer' },
            ],
          },
        ],
      },
    ]);
    await until(
      async () => ((await noticesOf(cairo.senderId)).length === 2 ? true : undefined),
      'cairo card',
    );
    expect(await noticesOf(leaver.senderId)).toEqual([]);
    // a reloaded messenger's history holds each notification once, after the turns that subscribed
    const history = await server.call(
      'GET',
      `/widget/api/${bot.botToken}/history?sender_id=${cairo.senderId}`,
    );
    expect(history.json.notices.map((notice: { message: { type: string } }) => notice.message.type)).toEqual([
      'text',
      'cards',
    ]);
    expect(history.json.data.length).toBe(4);
  });

  it('streams notification_sent events with the progress of a send until it is done', async () => {
    const controller = new AbortController();
    const response = await fetch(`${server.url}/api/stream_fetch/subscription/${channelId}`, {
      headers: { authorization: `Bearer ${bot.token}` },
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const reader = response.body?.getReader();
    if (!reader) throw new Error('no stream');
    const decoder = new TextDecoder();
    let text = '';
    // the stream says it is connected before the send starts, so its first events are this send's
    while (!text.includes(': connected'))
      text += decoder.decode((await reader.read()).value, { stream: true });
    const sent = await call('POST', '/subscription/send_to_subscribers', {
      channel_id: channelId,
      data: textNotification,
      values: [],
      platform: 'web',
      sub_count: 2,
    });
    const notificationId: number = sent.json.notification_id;
    const events: { event: string; data: Record<string, unknown> }[] = [];
    while (
      !events.some((event) => event.data.notification_id === notificationId && event.data.status === 'done')
    ) {
      text += decoder.decode((await reader.read()).value, { stream: true });
      const blocks = text.split('\n\n');
      text = blocks.pop() ?? '';
      for (const block of blocks) {
        const event = /^event: (.+)$/m.exec(block)?.[1];
        const data = /^data: (.+)$/m.exec(block)?.[1];
        if (event && data) events.push({ event, data: JSON.parse(data) });
      }
    }
    controller.abort();
    const ours = events.filter((event) => event.data.notification_id === notificationId);
    expect(ours.every((event) => event.event === 'notification_sent')).toBe(true);
    expect(ours.at(-1)?.data).toMatchObject({ status: 'done', total: 2, sent: 2, pending: 0 });
    // another owner cannot follow the channel
    const stranger = await registerAndLogin(server);
    const refused = await call('GET', `/stream_fetch/subscription/${channelId}`, undefined, stranger.token);
    expect(refused.status).toBe(404);
  });

  it('refuses a notification that breaks the rules with field errors, and a send to nobody', async () => {
    const invalid = await call('POST', '/subscription/send_to_subscribers', {
      channel_id: channelId,
      data: {
        type: 'image',
        title: '',
        media: 'not a url',
        redirect_type: 'custom_link',
        redirect_link: 'x',
      },
      values: [],
      platform: null,
      sub_count: 0,
    });
    expect(invalid.status).toBe(422);
    expect(invalid.json.errors).toMatchObject({
      'data.media': ['The media must be a valid URL'],
      'data.redirect_link': ['The redirect link must be a valid URL'],
      sub_count: ['There are no subscribers to send to'],
    });
    const nobody = await call('POST', '/subscription/send_to_subscribers', {
      channel_id: channelId,
      data: textNotification,
      values: [{ sv_variable_name: 'city', vals: ['Paris'] }],
      platform: null,
      sub_count: 1,
    });
    expect(nobody.status).toBe(422);
    expect(nobody.json.errors).toEqual({ sub_count: ['There are no subscribers to send to'] });
  });

  it("sends from the owner's system by api key, only from a white domain, and refuses a wrong key", async () => {
    const browsed = await call('GET', `/subscription/browse/${channelId}`);
    const apiKey: string = browsed.json.data.api_key;
    const body = { api_key: apiKey, data: textNotification, values: [] };
    const send = (payload: unknown, headers: Record<string, string> = {}) =>
      server.call('POST', '/api/send_to_subscribers_from_api', { body: payload, headers });

    const wrongKey = await send({ ...body, api_key: 'hsk_wrong' }, { origin: 'https://shop.example.com' });
    expect(wrongKey.status).toBe(401);
    expect(wrongKey.json.msg).toBe('The api key is invalid');
    const foreign = await send(body, { origin: 'https://evil.example.net' });
    expect(foreign.status).toBe(403);
    expect(foreign.json.msg).toBe('This site may not send to the subscription channel');
    expect((await send(body)).status).toBe(403);
    const malformed = await send(
      { ...body, data: { type: 'video', redirect_type: 'web_wedgit' } },
      {
        origin: 'https://shop.example.com',
      },
    );
    expect(malformed.status).toBe(422);
    expect(malformed.json.errors).toMatchObject({ 'data.media': ['The media field is required'] });

    const accepted = await send(body, { referer: 'https://example.org/admin/send' });
    expect(accepted.json).toEqual({ status: 1, count: 2, notification_id: expect.any(Number) });

    const regenerated = await call('POST', `/subscription/regenerate_key/${channelId}`);
    expect(regenerated.json.data.api_key).not.toBe(apiKey);
    expect((await send(body, { origin: 'https://shop.example.com' })).status).toBe(401);
  });

  it('answers a sub response with its text and counts the sender once', async () => {
    const saved = await call('POST', '/subscription/save/0', { sc_title: 'Deals' });
    const dealsId: number = saved.json.id;
    await addCommand(bot, {
      name: 'deals',
      examples: ['tell me about deals', 'I want the deals', 'deal alerts please', 'subscribe to deals'],
      response: { resp_type: 'sub', resp_sub_channel: dealsId, resp_text: '' },
    });
    const sender = newSender(bot);
    expect(await sender.say('deal alerts please')).toEqual([
      { type: 'text', text: 'You are subscribed. Send "unsubscribe" at any time to stop.' },
    ]);
    await sender.say('deal alerts please');
    const browsed = await call('GET', `/subscription/browse/${dealsId}`);
    expect(browsed.json.data.sc_sibscripers_count).toBe(1);
    // a sender who is not subscribed and says "stop" goes on to the bot's own commands
    const stranger = newSender(bot);
    const replies = await stranger.say('stop');
    expect(replies).not.toContainEqual({
      type: 'text',
      text: 'You are unsubscribed and will not get any more notifications.',
    });
    expect((await call('POST', `/subscription/delete/${dealsId}`)).json).toEqual({ status: 1 });
    expect((await call('GET', `/subscription/browse/${dealsId}`)).status).toBe(404);
  });
});
