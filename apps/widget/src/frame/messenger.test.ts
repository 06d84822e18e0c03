import type { BotMessage, IncomingEvent, WidgetTurn } from '@hiwar/contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiClient, ApiError, type MessengerSettings, type SenderIdentity } from './api-client.ts';
import { startMessenger } from './messenger.ts';

const settings: MessengerSettings = {
  chatbot_name: 'Shop <b>bot</b>',
  default_lang: 'en',
  welcome_msg: 'Welcome to the shop',
  logo: 'https://cdn.example.com/logo.png',
  avatar: 'https://cdn.example.com/avatar.png',
  main_color: '#112233',
  width: 380,
  height: 600,
  start_button: { status: 1, label: 'Get started', payload: 'cmd:1' },
  persistent_menus: [
    {
      locale: 'default',
      composer_input_disabled: false,
      call_to_actions: [
        {
          title: 'More',
          type: 'nested',
          emoji: '',
          payload: '',
          url: '',
          webview_height_ratio: 'full',
          call_to_actions: [
            {
              title: 'Hours',
              type: 'postback',
              emoji: '',
              payload: 'cmd:9',
              url: '',
              webview_height_ratio: 'full',
              call_to_actions: [],
            },
            {
              title: 'Site',
              type: 'web_url',
              emoji: '',
              payload: '',
              url: 'https://shop.example.com',
              webview_height_ratio: 'full',
              call_to_actions: [],
            },
          ],
        },
      ],
    },
  ],
  voice: { status: 0, lang: 'ar-EG' },
};

type Sent = { senderId: number; hash?: string; event: IncomingEvent; locale: string };

function fakeApi(overrides: Partial<ApiClient> = {}) {
  const sent: Sent[] = [];
  const api: ApiClient = {
    settings: async () => settings,
    history: async () => ({ turns: [], notices: [] }),
    validateSender: async () => true,
    drawSender: async () => ({ id: 1 }),
    transcribe: async () => ({ status: 1, text: '' }),
    async send(sender, event, locale) {
      sent.push({ senderId: sender.id, ...(sender.hash && { hash: sender.hash }), event, locale });
      const text = event.type === 'text' ? event.text : event.type === 'postback' ? event.payload : 'here';
      return { status: 1, replies: [{ type: 'text', text: `echo ${text}` }], turn_id: sent.length };
    },
    ...overrides,
  };
  return { api, sent };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const textsOf = (root: HTMLElement, selector: string) =>
  [...root.querySelectorAll(selector)].map((node) => node.textContent);

async function start(
  api: ApiClient,
  extra: {
    locale?: string;
    senderParam?: string;
    senderHashParam?: string;
    isEmbedded?: boolean;
    sleep?: (ms: number) => Promise<void>;
  } = {},
) {
  const root = document.createElement('div');
  document.body.replaceChildren(root);
  await startMessenger(root, {
    window,
    api,
    bot: 'bot1',
    locale: extra.locale ?? 'LOCALE',
    senderParam: extra.senderParam ?? '4242',
    senderHashParam: extra.senderHashParam ?? null,
    isEmbedded: extra.isEmbedded ?? true,
    sleep: extra.sleep ?? (async () => {}),
  });
  return root;
}

function typeAndSend(root: HTMLElement, text: string) {
  const input = root.querySelector('textarea') as HTMLTextAreaElement;
  input.value = text;
  root.querySelector('form')?.dispatchEvent(new Event('submit', { cancelable: true }));
}

describe('the messenger', () => {
  beforeEach(() => localStorage.clear());

  it('draws the header, welcome message and start button in English, left to right', async () => {
    const root = await start(fakeApi().api);
    expect(document.documentElement.dir).toBe('ltr');
    expect(root.querySelector('.header-name')?.textContent).toBe('Shop <b>bot</b>');
    expect(root.style.getPropertyValue('--main')).toBe('#112233');
    expect(root.querySelector('.header-logo')?.getAttribute('src')).toBe('https://cdn.example.com/logo.png');
    expect(textsOf(root, '.bot-bubble')).toEqual(['Welcome to the shop']);
    expect(root.querySelector('textarea')?.placeholder).toBe('Type a message…');
    expect(root.querySelector('.start-button')?.textContent).toBe('Get started');
  });

  it('asks the page to close it from inside embed.js, and has no close button in a plain iframe', async () => {
    const posted = vi.spyOn(window.parent, 'postMessage').mockImplementation(() => {});
    try {
      (await start(fakeApi().api)).querySelector<HTMLButtonElement>('.close-button')?.click();
      expect(posted).toHaveBeenCalledWith({ type: 'hiwar:close' }, '*');
      expect((await start(fakeApi().api, { isEmbedded: false })).querySelector('.close-button')).toBeNull();
    } finally {
      posted.mockRestore();
    }
  });

  it('uses Arabic, right to left, for an Arabic locale', async () => {
    const root = await start(fakeApi().api, { locale: 'ar_EG' });
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('ar');
    expect(root.querySelector('textarea')?.placeholder).toBe('اكتب رسالة…');
    expect(root.querySelector('.send-button')?.textContent).toBe('إرسال');
  });

  it('sends the start button postback, then hides the button', async () => {
    const { api, sent } = fakeApi();
    const root = await start(api);
    root.querySelector<HTMLButtonElement>('.start-button')?.click();
    await flush();
    expect(sent[0]).toEqual({
      senderId: 4242,
      event: { type: 'postback', payload: 'cmd:1', label: 'Get started' },
      locale: 'en',
    });
    expect(root.querySelector('.start-button')).toBeNull();
    expect(textsOf(root, '.user-bubble')).toEqual(['Get started']);
    expect(textsOf(root, '.bot-bubble')).toContain('echo cmd:1');
  });

  it('renders the history instead of the start button after a reload', async () => {
    const history: WidgetTurn[] = [
      {
        turn_id: 3,
        event: { type: 'text', text: 'hello' },
        replies: [{ type: 'text', text: 'Hi there' }],
        created_at: '2026-01-01T00:00:00Z',
      },
    ];
    const root = await start(fakeApi({ history: async () => ({ turns: history, notices: [] }) }).api);
    expect(textsOf(root, '.user-bubble')).toEqual(['hello']);
    expect(textsOf(root, '.bot-bubble')).toEqual(['Welcome to the shop', 'Hi there']);
    expect(root.querySelector('.start-button')).toBeNull();
  });

  it('shows the notices left for the sender where they came in the reloaded history, and not again', async () => {
    const turns: WidgetTurn[] = [
      {
        turn_id: 3,
        event: { type: 'text', text: 'subscribe me' },
        replies: [{ type: 'text', text: 'You are subscribed.' }],
        created_at: '2026-01-01T10:00:00.000Z',
      },
      {
        turn_id: 4,
        event: { type: 'text', text: 'thanks' },
        replies: [{ type: 'text', text: 'You are welcome' }],
        created_at: '2026-01-01T12:00:00.000Z',
      },
    ];
    const notices = [
      {
        notice_id: 7,
        message: { type: 'text' as const, text: 'Fresh bread' },
        created_at: '2026-01-01T11:00:00.000Z',
      },
      {
        notice_id: 8,
        message: { type: 'text' as const, text: 'Order confirmed' },
        created_at: '2026-01-01T13:00:00.000Z',
      },
    ];
    const asked: number[] = [];
    const { api } = fakeApi({
      history: async () => ({ turns, notices }),
      notices: async (_sender, after: number) => {
        asked.push(after);
        return { notices: notices.filter((notice) => notice.notice_id > after), handoff: false };
      },
    });
    const root = await start(api);
    await flush();
    expect(textsOf(root, '.bot-bubble')).toEqual([
      'Welcome to the shop',
      'You are subscribed.',
      'Fresh bread',
      'You are welcome',
      'Order confirmed',
    ]);
    // polling starts after the newest notice the history drew
    expect(asked).toEqual([8]);
  });

  it('opens nested menu items and sends a postback item', async () => {
    const { api, sent } = fakeApi();
    const root = await start(api);
    root.querySelector<HTMLButtonElement>('.menu-button')?.click();
    root.querySelector<HTMLButtonElement>('.menu-item.nested')?.click();
    expect(textsOf(root, '.menu-item')).toEqual(['Back', 'Hours', 'Site']);
    expect(root.querySelector<HTMLAnchorElement>('a.menu-item')?.rel).toContain('noopener');
    root.querySelector<HTMLButtonElement>('.menu-item.postback')?.click();
    await flush();
    expect(sent[0]?.event).toEqual({ type: 'postback', payload: 'cmd:9', label: 'Hours' });
    expect(root.querySelector<HTMLElement>('.menu-panel')?.hidden).toBe(true);
  });

  it('removes quick replies once one is chosen', async () => {
    const replies: BotMessage[] = [
      { type: 'quick_replies', text: 'Size?', replies: [{ label: 'Small', payload: 'small' }] },
    ];
    const { api, sent } = fakeApi({
      send: async (_id, event) => {
        sent.push({ senderId: 0, event, locale: '' });
        return { status: 1, replies: sent.length === 1 ? replies : [], turn_id: sent.length };
      },
    });
    const root = await start(api);
    typeAndSend(root, 'shoes');
    await flush();
    root.querySelector<HTMLButtonElement>('.chip')?.click();
    await flush();
    expect(sent.map((item) => item.event)).toEqual([
      { type: 'text', text: 'shoes' },
      { type: 'postback', payload: 'small', label: 'Small' },
    ]);
    expect(root.querySelector('.chip')).toBeNull();
  });

  it('shows reconnecting while the server is away and delivers queued messages in order afterwards', async () => {
    const { api, sent } = fakeApi();
    const realSend = api.send;
    let isDown = true;
    let release: () => void = () => {};
    const serverBack = new Promise<void>((resolve) => {
      release = resolve;
    });
    api.send = async (...args) => {
      if (isDown) throw new ApiError('Failed to fetch', 0);
      return realSend(...args);
    };
    const sleep = vi.fn(() => serverBack);
    const root = await start(api, { sleep });
    typeAndSend(root, 'first');
    typeAndSend(root, 'second');
    await flush();
    const banner = root.querySelector<HTMLElement>('.status-banner');
    expect(banner?.hidden).toBe(false);
    expect(banner?.textContent).toBe('Reconnecting…');
    expect(root.querySelectorAll('.user-row.pending')).toHaveLength(2);
    expect(JSON.parse(localStorage.getItem('hiwar_outbox_bot1_4242') ?? '[]')).toHaveLength(2);

    isDown = false;
    release();
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    await flush();
    expect(sent.map((item) => item.event)).toEqual([
      { type: 'text', text: 'first' },
      { type: 'text', text: 'second' },
    ]);
    expect(banner?.hidden).toBe(true);
    expect(root.querySelectorAll('.user-row.pending')).toHaveLength(0);
    expect(textsOf(root, '.bubble')).toEqual([
      'Welcome to the shop',
      'first',
      'echo first',
      'second',
      'echo second',
    ]);
    expect(localStorage.getItem('hiwar_outbox_bot1_4242')).toBeNull();
  });

  it('sends messages left waiting by an earlier visit', async () => {
    const waiting = [{ id: 'old-1', event: { type: 'text', text: 'typed before the reload' } }];
    localStorage.setItem('hiwar_outbox_bot1_4242', JSON.stringify(waiting));
    const { api, sent } = fakeApi();
    const root = await start(api);
    await vi.waitFor(() => expect(sent.map((item) => item.event)).toEqual([waiting[0]?.event]));
    expect(textsOf(root, '.user-bubble')).toEqual(['typed before the reload']);
    expect(root.querySelector('.start-button')).toBeNull();
  });

  it('marks a message the server refuses as not sent and goes on', async () => {
    const { api } = fakeApi({
      send: async () => {
        throw new ApiError('invalid', 422);
      },
    });
    const root = await start(api);
    typeAndSend(root, 'x');
    await flush();
    expect(root.querySelector('.user-row.failed .delivery')?.textContent).toBe('Not sent');
  });

  it('shows the mic only when voice is on and the browser can recognise speech', async () => {
    const voiceOn = { ...settings, voice: { status: 1 as const, lang: 'en-US' } };
    expect(
      (await start(fakeApi({ settings: async () => voiceOn }).api)).querySelector('.mic-button'),
    ).toBeNull();

    const starts: string[] = [];
    class FakeRecognition {
      lang = '';
      interimResults = true;
      maxAlternatives = 5;
      onresult: ((event: { results: { transcript: string }[][] }) => void) | null = null;
      onend: (() => void) | null = null;
      onerror: (() => void) | null = null;
      start() {
        starts.push(this.lang);
        this.onresult?.({ results: [[{ transcript: 'where is my order' }]] });
        this.onend?.();
      }
      stop() {}
    }
    Object.assign(window, { webkitSpeechRecognition: FakeRecognition });
    try {
      expect((await start(fakeApi().api)).querySelector('.mic-button')).toBeNull();
      const root = await start(fakeApi({ settings: async () => voiceOn }).api);
      root.querySelector<HTMLButtonElement>('.mic-button')?.click();
      expect(starts).toEqual(['en-US']);
      expect(root.querySelector('textarea')?.value).toBe('where is my order');
    } finally {
      Reflect.deleteProperty(window, 'webkitSpeechRecognition');
    }
  });

  it('without speech recognition, records when the server transcribes, and sends what was said', async () => {
    const recorded: string[] = [];
    class FakeMediaRecorder {
      static isTypeSupported = (type: string) => type === 'audio/ogg;codecs=opus';
      readonly mimeType: string;
      ondataavailable: ((event: { data: Blob }) => void) | null = null;
      onstop: (() => void) | null = null;
      constructor(_stream: unknown, options: { mimeType?: string }) {
        this.mimeType = options.mimeType ?? '';
      }
      start() {
        recorded.push('start');
      }
      stop() {
        this.ondataavailable?.({ data: new Blob(['voice'], { type: this.mimeType }) });
        this.onstop?.();
      }
    }
    const stopped: string[] = [];
    const stream = { getTracks: () => [{ stop: () => stopped.push('track') }] };
    Object.assign(window, { MediaRecorder: FakeMediaRecorder });
    Object.defineProperty(window.navigator, 'mediaDevices', {
      configurable: true,
      value: { getUserMedia: async () => stream },
    });
    try {
      const voiceOff = { ...settings, voice: { status: 1 as const, lang: 'ar-EG', server: 0 as const } };
      expect(
        (await start(fakeApi({ settings: async () => voiceOff }).api)).querySelector('.mic-button'),
      ).toBeNull();

      const transcribed: { sender: SenderIdentity; type: string }[] = [];
      const { api, sent } = fakeApi({
        settings: async () => ({ ...voiceOff, voice: { ...voiceOff.voice, server: 1 as const } }),
        transcribe: async (sender, audio) => {
          transcribed.push({ sender, type: audio.type });
          return { status: 1, text: 'أريد حجز طاولة' };
        },
      });
      const root = await start(api, { locale: 'ar' });
      const mic = root.querySelector<HTMLButtonElement>('.mic-button');
      mic?.click();
      await flush();
      expect(mic?.classList.contains('recording')).toBe(true);
      expect(root.querySelector('textarea')?.placeholder).toBe('جارٍ التسجيل… اضغط للإرسال');
      mic?.click();
      await flush();
      await flush();
      expect(recorded).toEqual(['start']);
      expect(stopped).toEqual(['track']);
      expect(transcribed).toEqual([{ sender: { id: 4242 }, type: 'audio/ogg' }]);
      expect(sent.map((message) => message.event)).toEqual([{ type: 'text', text: 'أريد حجز طاولة' }]);
      expect(mic?.classList.contains('recording')).toBe(false);
    } finally {
      Reflect.deleteProperty(window, 'MediaRecorder');
      Reflect.deleteProperty(window.navigator, 'mediaDevices');
    }
  });

  it('hands a newly drawn sender id to the embedding page, never one it already knew', async () => {
    const posted = vi.spyOn(window.parent, 'postMessage').mockImplementation(() => {});
    try {
      await start(fakeApi().api);
      expect(posted).not.toHaveBeenCalled();
      await start(fakeApi().api, { senderParam: 'SENDER_ID' });
      const message = posted.mock.calls[0]?.[0] as { type: string; id: number };
      expect(message.type).toBe('hiwar:sender');
      expect(Number.isSafeInteger(message.id) && message.id > 0).toBe(true);
    } finally {
      posted.mockRestore();
    }
  });

  describe('under identity verification', () => {
    const hash = (digit: string) => digit.repeat(64);
    const verifying = { ...settings, identity_verification: 1 as const };

    it('speaks for the page’s signed id, with its hash on every call', async () => {
      const asked: SenderIdentity[] = [];
      const { api, sent } = fakeApi({
        settings: async () => verifying,
        history: async (sender) => {
          asked.push(sender);
          return { turns: [], notices: [] };
        },
      });
      const root = await start(api, { senderHashParam: hash('a') });
      typeAndSend(root, 'hello');
      await flush();
      expect(asked).toEqual([{ id: 4242, hash: hash('a') }]);
      expect(sent[0]).toMatchObject({ senderId: 4242, hash: hash('a') });
    });

    it('starts a new signed conversation when the server refuses a kept id, and tells the page', async () => {
      localStorage.setItem('hiwar_sender_bot1', `77.${hash('b')}`);
      const posted = vi.spyOn(window.parent, 'postMessage').mockImplementation(() => {});
      try {
        const { api } = fakeApi({
          settings: async () => verifying,
          drawSender: async () => ({ id: 88, hash: hash('c') }),
          history: async (sender) => {
            if (sender.id === 77) throw new ApiError('This chat needs the sender_hash', 403);
            return { turns: [], notices: [] };
          },
        });
        const root = await start(api, { senderParam: 'SENDER_ID' });
        expect(root.querySelector('[role="alert"]')).toBeNull();
        expect(localStorage.getItem('hiwar_sender_bot1')).toBe(`88.${hash('c')}`);
        expect(posted.mock.calls[0]?.[0]).toEqual({ type: 'hiwar:sender', id: 88, hash: hash('c') });
      } finally {
        posted.mockRestore();
      }
    });

    it('says why when the page’s own signed id is refused', async () => {
      const { api } = fakeApi({
        settings: async () => verifying,
        history: async () => {
          throw new ApiError('This chat needs the sender_hash', 403);
        },
      });
      const root = await start(api, { senderHashParam: hash('d') });
      expect(root.querySelector('[role="alert"]')?.textContent).toContain('This chat needs the sender_hash');
    });
  });

  it('says so when the chatbot does not exist', async () => {
    const root = await start(
      fakeApi({
        settings: async () => {
          throw new ApiError('The chatbot was not found', 404);
        },
      }).api,
    );
    expect(root.querySelector('[role="alert"]')?.textContent).toContain('The chatbot was not found');
  });
});
