import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addCommand,
  type ConversationServer,
  createBot,
  newSender,
  startConversationServer,
  type TestBot,
} from '../../../testing/conversation-server.ts';
import {
  type TestServer as FakeApi,
  type SeenRequest,
  startTestServer as startFakeApi,
} from '../../../testing/platform/net/peer-servers.ts';
import { responseNoteOf } from '../../../testing/runtime/responses/response-trace.ts';
import { testDatabaseKinds } from '../../../testing/test-databases.ts';
import { setResponseServices } from './response-services.ts';

const people = [
  { name: 'Amal', city: 'Cairo', photo: 'https://img.test/amal.png', page: 'https://people.test/amal' },
  { name: 'Badr', city: 'Cairo', photo: 'https://img.test/badr.png', page: 'https://people.test/badr' },
  { name: 'Chadi', city: 'Cairo', photo: 'https://img.test/chadi.png', page: 'https://people.test/chadi' },
  { name: 'Dina', city: 'Cairo', photo: 'https://img.test/dina.png', page: 'https://people.test/dina' },
];

function answerJson(response: ServerResponse, value: unknown, status = 200): void {
  response.statusCode = status;
  response.setHeader('content-type', 'application/json');
  response.end(JSON.stringify(value));
}

/** The owner's API on 127.0.0.1 (allow-listed); the api-response cases by path. */
function handleApi(redirectTarget: () => string) {
  return (request: SeenRequest, response: ServerResponse) => {
    const url = new URL(request.url, 'http://api.test');
    switch (url.pathname) {
      case '/people':
        return answerJson(response, { data: { items: people, city: url.searchParams.get('city') } });
      case '/echo':
        return answerJson(response, { received: JSON.parse(request.body || '{}') });
      case '/weather':
        response.setHeader('content-type', 'text/plain; charset=utf-8');
        return response.end(`Sunny in ${decodeURIComponent(url.searchParams.get('city') ?? '')}\n`);
      case '/slow':
        return; // never answers
      case '/fail':
        return answerJson(response, { error: 'down' }, 500);
      case '/redirect':
        response.statusCode = 302;
        response.setHeader('location', redirectTarget());
        return response.end();
      case '/huge':
        return answerJson(response, { data: 'x'.repeat(2 * 1024 * 1024) });
      case '/not-json':
        return response.end('<html>oops</html>');
      default:
        if (url.pathname.startsWith('/city/'))
          return answerJson(response, { data: { path: decodeURIComponent(url.pathname.slice(6)) } });
        return answerJson(response, {}, 404);
    }
  };
}

const nameStruct = {
  title_key: 'name',
  subtitle_default_value: 'lives in {{city}}',
  media_key: 'photo',
  buttons: [{ item_label_default_value: 'Profile', item_value_key: 'page' }],
};

describe.each(await testDatabaseKinds())('api responses on $label', (kind) => {
  let server: ConversationServer;
  let bot: TestBot;
  let api: FakeApi;
  let elsewhere: FakeApi;

  beforeAll(async () => {
    elsewhere = await startFakeApi(
      (_request, response) => answerJson(response, { data: 'inside' }),
      '127.0.0.2',
    );
    api = await startFakeApi(handleApi(() => `http://127.0.0.2:${elsewhere.port}/`));
    server = await startConversationServer(kind, {}, { outboundAllow: ['127.0.0.1'] });
    // a slow API fails after 1 s here instead of 10 s
    setResponseServices(server.database.db, { timeouts: { apiMs: 1_000 } });
    bot = await createBot(server);
  });
  afterAll(async () => {
    await server.close();
    await api.close();
    await elsewhere.close();
  });

  /** A command answering from the API; started by its postback. */
  async function ask(response: Record<string, unknown>) {
    const { id } = await addCommand(bot, {
      name: `api ${Math.random()}`,
      examples: [],
      response: { resp_type: 'api', resp_fallback_msg: 'The service is unavailable.', ...response },
    });
    const sender = newSender(bot);
    const { replies, turn_id } = await sender.send({ type: 'postback', payload: `cmd:${id}` });
    return { replies, turnId: turn_id };
  }

  it('renders a multi answer’s items as cards, at most the limit, with the extra response after them', async () => {
    const { replies } = await ask({
      resp_api_url: `${api.origin}/people`,
      resp_api_resp_data_field: 'data.items',
      resp_api_resp_data_type: 'multi',
      resp_api_resp_data_limit: 3,
      resp_api_resp_via: 'card',
      resp_api_resp_struct: nameStruct,
      resp_api_extra_resp: { message: 'Anything else?', options: [{ label: 'More', value: 'more people' }] },
    });
    const card = (person: (typeof people)[number]) => ({
      title: person.name,
      subtitle: 'lives in Cairo',
      media: person.photo,
      buttons: [{ label: 'Profile', type: 'url', value: person.page }],
    });
    expect(replies).toEqual([
      { type: 'cards', cards: people.slice(0, 3).map(card) },
      { type: 'quick_replies', text: 'Anything else?', replies: [{ label: 'More', payload: 'more people' }] },
    ]);
  });

  it('shows the first item of a single answer as text, under the response’s text', async () => {
    const { replies } = await ask({
      resp_text: 'Our first member:',
      resp_api_url: `${api.origin}/people`,
      resp_api_resp_data_field: 'data.items',
      resp_api_resp_struct: { title_key: 'name', subtitle_key: 'city' },
    });
    expect(replies).toEqual([
      { type: 'text', text: 'Our first member:' },
      { type: 'text', text: 'Amal — Cairo' },
    ]);
  });

  it('sends the parameters in the query of a GET and as JSON in a POST, and encodes values in the URL', async () => {
    const { id, varIds } = await addCommand(bot, {
      name: 'echo city',
      examples: [],
      variables: [{ var_name: 'city', var_type: 'text', var_val_text: 'x', var_prompt: 'Which city?' }],
    });
    const parameters = [
      { name: 'city', var_id: varIds[0], var_name: '', var_default_value: '' },
      { name: 'lang', var_id: null, var_name: '', var_default_value: 'en' },
    ];
    const save = async (record: Record<string, unknown>) => {
      const body = { record: { resp_type: 'api', resp_api_pars: parameters, ...record } };
      const saved = await server.call('POST', `/api/command_response/save/${id}`, { token: bot.token, body });
      expect(saved.json?.status, saved.text).toBe(1);
    };
    const askCity = async (city: string) => {
      const sender = newSender(bot);
      expect(await sender.press(`cmd:${id}`)).toEqual([{ type: 'text', text: 'Which city?' }]);
      return sender.say(city);
    };

    await save({ resp_api_url: `${api.origin}/weather`, resp_api_resp_type: 'text' });
    expect(await askCity('Tanta & Giza')).toEqual([{ type: 'text', text: 'Sunny in Tanta & Giza' }]);
    const get = api.seen.at(-1);
    expect(get?.method).toBe('GET');
    expect(new URL(get?.url ?? '', 'http://x').searchParams.getAll('city')).toEqual(['Tanta & Giza']);

    await save({
      resp_api_url: `${api.origin}/echo`,
      resp_api_req_type: 'POST',
      resp_api_headers: 'X-Key: secret-{{city}}',
      resp_api_resp_data_field: 'received',
      resp_api_resp_struct: { title_default_value: '{{city}} in {{lang}}' },
    });
    expect(await askCity('Aswan')).toEqual([{ type: 'text', text: 'Aswan in en' }]);
    const post = api.seen.at(-1);
    expect(post?.method).toBe('POST');
    expect(JSON.parse(post?.body ?? '')).toEqual({ city: 'Aswan', lang: 'en' });
    expect(post?.headers['x-key']).toBe('secret-Aswan');
    expect(post?.headers['content-type']).toBe('application/json');

    await save({ resp_api_url: `${api.origin}/city/{{city}}`, resp_api_resp_data_field: 'data.path' });
    expect(await askCity('a/b?c=d')).toEqual([{ type: 'text', text: 'a/b?c=d' }]);
    expect(api.seen.at(-1)?.url).toMatch(/^\/city\/a%2Fb%3Fc%3Dd\?/);
  });

  it('puts a text answer where the response’s text says {{response}}', async () => {
    const { replies } = await ask({
      resp_text: 'Forecast: {{response}}',
      resp_api_url: `${api.origin}/weather?city=Luxor`,
      resp_api_resp_type: 'text',
    });
    expect(replies).toEqual([{ type: 'text', text: 'Forecast: Sunny in Luxor' }]);
  });

  it.each([
    ['an API slower than the timeout', '/slow', {}, 'timeout'],
    ['a 500', '/fail', {}, 'answered 500'],
    ['a redirect to an address that is not allow-listed', '/redirect', {}, 'refused'],
    ['a 2 MB answer', '/huge', { resp_api_resp_data_field: 'data' }, 'too_large'],
    ['an answer that is not JSON', '/not-json', {}, 'not JSON'],
    ['an answer without the data field', '/people', { resp_api_resp_data_field: 'data.nothing' }, 'no field'],
  ])(
    'answers the fallback message for %s, the reason only in the trace',
    async (_case, path, extra, reason) => {
      const seenElsewhere = elsewhere.seen.length;
      const started = Date.now();
      const { replies, turnId } = await ask({ resp_api_url: `${api.origin}${path}`, ...extra });
      expect(replies).toEqual([{ type: 'text', text: 'The service is unavailable.' }]);
      const note = await responseNoteOf(server, turnId);
      expect(note).toMatch(/^api: failed, /);
      expect(note.toLowerCase()).toContain(reason.toLowerCase());
      expect(elsewhere.seen.length).toBe(seenElsewhere);
      expect(Date.now() - started).toBeLessThan(8_000);
    },
  );

  it('answers the same through /debug', async () => {
    const { id } = await addCommand(bot, {
      name: 'people list',
      examples: ['who are the members', 'list the members', 'show me the members'],
      response: {
        resp_type: 'api',
        resp_api_url: `${api.origin}/people`,
        resp_api_resp_data_field: 'data.items',
        resp_api_resp_data_type: 'multi',
        resp_api_resp_struct: { title_key: 'name' },
      },
    });
    expect(id).toBeGreaterThan(0);
    const debug = await server.call(
      'GET',
      `/api/debug?message=${encodeURIComponent('who are the members')}`,
      {
        token: bot.token,
      },
    );
    expect(debug.json.data.replies).toEqual([{ type: 'text', text: 'Amal\nBadr\nChadi' }]);
  });
});
