import type { TestChatHistory, TestChatTurn } from '@hiwar/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MessengerSettings } from './api-client.ts';
import {
  createPreviewApiClient,
  PREVIEW_READY_MESSAGE,
  PREVIEW_SETTINGS_MESSAGE,
  parsePreviewMessage,
  startPreview,
} from './preview.ts';

const settings: MessengerSettings = {
  chatbot_name: 'Unsaved name',
  default_lang: 'en',
  welcome_msg: 'Hello from the draft',
  logo: '',
  avatar: '',
  main_color: '#aa3300',
  width: 380,
  height: 600,
  start_button: { status: 0, label: '', payload: '' },
  persistent_menus: [],
  voice: { status: 0, lang: 'en-US' },
};

const widgetBase = 'http://localhost:3000/widget/';
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function fromConsole(data: unknown, overrides: MessageEventInit = {}): MessageEvent {
  return new MessageEvent('message', { data, origin: window.location.origin, source: window, ...overrides });
}

const settingsMessage = (draft = settings, token = 'owner-token') => ({
  type: PREVIEW_SETTINGS_MESSAGE,
  settings: draft,
  token,
});

const turn = (replies: TestChatTurn['replies']): { status: 1; data: TestChatTurn } => ({
  status: 1,
  data: { turn_id: 7, replies, lang: 'en', matched: null, variables: {}, waiting_for: null, trace: [] },
});

const emptyHistory: { status: 1; data: TestChatHistory } = {
  status: 1,
  data: { turns: [], variables: {}, waiting_for: null },
};

/** A fetch that answers the test chat's calls and records every request. */
function fakeTestChat(replies: TestChatTurn['replies']) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    const body = url.endsWith('/send') ? turn(replies) : emptyHistory;
    return new Response(JSON.stringify(body), { status: 200 });
  });
  return { fetch, calls };
}

describe('the preview message', () => {
  it('is taken from the parent window on the same origin', () => {
    expect(parsePreviewMessage(fromConsole(settingsMessage()), window)).toEqual({
      settings,
      token: 'owner-token',
    });
  });

  it('is refused from another origin, another window or in another shape', () => {
    const parsed = (event: MessageEvent) => parsePreviewMessage(event, window);
    expect(parsed(fromConsole(settingsMessage(), { origin: 'https://evil.example' }))).toBeNull();
    expect(parsed(fromConsole(settingsMessage(), { source: null }))).toBeNull();
    expect(parsed(fromConsole({ ...settingsMessage(), type: 'hiwar:close' }))).toBeNull();
    expect(parsed(fromConsole({ ...settingsMessage(), token: 1 }))).toBeNull();
    expect(parsed(fromConsole({ ...settingsMessage(), settings: null }))).toBeNull();
    expect(parsed(fromConsole('hello'))).toBeNull();
  });
});

describe('the preview api', () => {
  it('sends events to the test chat with the bearer token and answers its replies', async () => {
    const { fetch, calls } = fakeTestChat([{ type: 'text', text: 'Hi owner' }]);
    const api = createPreviewApiClient({ settings, token: 'owner-token', widgetBase, fetch });
    expect(await api.settings()).toBe(settings);
    const answer = await api.send({ id: 1 }, { type: 'text', text: 'hello' }, 'en');
    expect(answer).toEqual({ status: 1, turn_id: 7, replies: [{ type: 'text', text: 'Hi owner' }] });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('http://localhost:3000/api/test_chat/send');
    expect(calls[0]?.init?.method).toBe('POST');
    expect(calls[0]?.init?.headers).toMatchObject({ authorization: 'Bearer owner-token' });
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual({ event: { type: 'text', text: 'hello' } });
  });

  it('reads the test sender’s last turns as the history', async () => {
    const history: TestChatHistory = {
      turns: [
        {
          turn_id: 3,
          at: '2026-01-01T00:00:00Z',
          event: { type: 'text', text: 'earlier' },
          replies: [{ type: 'text', text: 'answer' }],
          lang: 'en',
          matched: null,
          trace: [],
        },
      ],
      variables: {},
      waiting_for: null,
    };
    const fetch = vi.fn(async () => new Response(JSON.stringify({ status: 1, data: history })));
    const api = createPreviewApiClient({ settings, token: 't', widgetBase, fetch });
    expect(await api.history({ id: 1 })).toEqual({
      turns: [
        {
          turn_id: 3,
          event: { type: 'text', text: 'earlier' },
          replies: [{ type: 'text', text: 'answer' }],
          created_at: '2026-01-01T00:00:00Z',
        },
      ],
      notices: [],
    });
    expect(fetch).toHaveBeenCalledWith(
      'http://localhost:3000/api/test_chat/history',
      expect.objectContaining({ headers: { authorization: 'Bearer t' } }),
    );
  });
});

describe('the messenger in preview mode', () => {
  let root: HTMLElement;

  beforeEach(() => {
    localStorage.clear();
    root = document.createElement('div');
    document.body.replaceChildren(root);
  });

  let stop = () => {};

  afterEach(() => {
    stop();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  async function post(data: unknown, overrides: MessageEventInit = {}) {
    window.dispatchEvent(fromConsole(data, overrides));
    for (let i = 0; i < 5; i += 1) await flush();
  }

  function typeAndSend(text: string) {
    const input = root.querySelector('textarea') as HTMLTextAreaElement;
    input.value = text;
    root.querySelector('form')?.dispatchEvent(new Event('submit', { cancelable: true }));
  }

  it('tells the console it is ready, on the console’s origin only', () => {
    const posted = vi.spyOn(window.parent, 'postMessage').mockImplementation(() => {});
    stop = startPreview(root, window, widgetBase);
    expect(posted).toHaveBeenCalledWith({ type: PREVIEW_READY_MESSAGE }, window.location.origin);
  });

  it('draws the posted settings, talks to the test chat and sends quick replies as postbacks', async () => {
    const { fetch, calls } = fakeTestChat([
      { type: 'quick_replies', text: 'Pick one', replies: [{ label: 'Menu', payload: 'cmd:5' }] },
    ]);
    vi.stubGlobal('fetch', fetch);
    vi.spyOn(window.parent, 'postMessage').mockImplementation(() => {});
    stop = startPreview(root, window, widgetBase);

    await post(settingsMessage({ ...settings, start_button: { status: 1, label: 'Go', payload: 'cmd:1' } }));
    expect(root.querySelector('.header-name')?.textContent).toBe('Unsaved name');
    expect(root.style.getPropertyValue('--main')).toBe('#aa3300');
    expect(root.querySelector('.bot-bubble')?.textContent).toBe('Hello from the draft');
    expect(root.querySelector('.start-button')?.textContent).toBe('Go');
    // no widget API at all: the history is the test sender's
    expect(calls.map((call) => call.url)).toEqual(['http://localhost:3000/api/test_chat/history']);

    typeAndSend('hello');
    await flush();
    await flush();
    expect(calls.at(-1)?.url).toBe('http://localhost:3000/api/test_chat/send');
    expect(root.querySelector('.quick-replies')?.textContent).toContain('Menu');

    root.querySelector<HTMLButtonElement>('.quick-replies button')?.click();
    await flush();
    const body = JSON.parse(String(calls.at(-1)?.init?.body));
    expect(body).toEqual({ event: { type: 'postback', payload: 'cmd:5', label: 'Menu' } });
    expect(localStorage.length).toBe(0);
  });

  it('draws again with newer settings and ignores messages from other origins', async () => {
    const { fetch } = fakeTestChat([]);
    vi.stubGlobal('fetch', fetch);
    vi.spyOn(window.parent, 'postMessage').mockImplementation(() => {});
    stop = startPreview(root, window, widgetBase);

    await post(settingsMessage(), { origin: 'https://evil.example' });
    expect(root.childElementCount).toBe(0);
    expect(fetch).not.toHaveBeenCalled();

    await post(settingsMessage());
    await post(
      settingsMessage({ ...settings, welcome_msg: 'مرحبا', default_lang: 'ar', main_color: '#00aa00' }),
    );
    expect(root.querySelector('.bot-bubble')?.textContent).toBe('مرحبا');
    expect(root.style.getPropertyValue('--main')).toBe('#00aa00');
    expect(document.documentElement.dir).toBe('rtl');
  });
});
