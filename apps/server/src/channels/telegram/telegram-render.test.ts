import type { BotMessage } from '@hiwar/contracts';
import { describe, expect, it } from 'vitest';
import { advertText } from '../advert-text.ts';
import { splitText } from '../channel-text.ts';
import { utf8ByteLength } from '../payload-key.ts';
import { keyboardRows } from './render-quick-replies.ts';
import {
  renderForTelegram,
  shortPayloadKey,
  type TelegramRenderOptions,
  telegramCapabilities,
  telegramReplyLabel,
} from './telegram-render.ts';

function options(overrides: Partial<TelegramRenderOptions> = {}) {
  const stored = new Map<string, string>();
  const payloadKey = (payload: string) => {
    const key = shortPayloadKey(payload);
    stored.set(key, payload);
    return key;
  };
  return { stored, options: { chatId: 42, payloadKey, lang: 'en' as const, ...overrides } };
}

const render = (messages: BotMessage[], overrides: Partial<TelegramRenderOptions> = {}) =>
  renderForTelegram(messages, options(overrides).options);

const arabicWords = (count: number) => Array.from({ length: count }, () => 'مرحبا').join(' ');

describe('renderForTelegram', () => {
  it('sends a text as sendMessage with chat_id', () => {
    expect(render([{ type: 'text', text: 'Hello' }])).toEqual({
      calls: [{ method: 'sendMessage', body: { chat_id: 42, text: 'Hello' } }],
      degraded: [],
    });
  });

  it('splits a long Arabic text at spaces into pieces of at most 4096 characters, losing nothing', () => {
    const text = arabicWords(1500); // 8,999 characters
    const { calls } = render([{ type: 'text', text }]);
    const pieces = calls.map((call) => call.body.text as string);
    expect(pieces.length).toBe(3);
    for (const piece of pieces) {
      expect(piece.length).toBeLessThanOrEqual(4096);
      expect(piece.startsWith('مرحبا')).toBe(true);
      expect(piece.endsWith('مرحبا')).toBe(true);
    }
    expect(pieces.join(' ')).toBe(text);
  });

  it('prefers a line break, and never cuts a surrogate pair or an Arabic letter from its marks', () => {
    const lines = `${'a'.repeat(3000)}\n${'b'.repeat(3000)}`;
    expect(splitText(lines)).toEqual(['a'.repeat(3000), 'b'.repeat(3000)]);
    const emoji = '😀'.repeat(3000); // 6,000 code units, no space
    const emojiPieces = splitText(emoji);
    expect(emojiPieces.join('')).toBe(emoji);
    for (const piece of emojiPieces) {
      expect(piece.length).toBeLessThanOrEqual(4096);
      expect(piece).not.toMatch(/^[\udc00-\udfff]|[\ud800-\udbff]$/);
    }
    const marked = 'بَ'.repeat(3000); // a letter and its fatha, no space
    const markedPieces = splitText(marked);
    expect(markedPieces.join('')).toBe(marked);
    for (const piece of markedPieces) expect(piece.startsWith('ب')).toBe(true);
  });

  it('leaves out an empty text and notes it', () => {
    expect(render([{ type: 'text', text: '  ' }])).toEqual({ calls: [], degraded: ['empty text left out'] });
  });

  it('sends a card with an image as sendPhoto with caption and an inline keyboard of keys', () => {
    const { stored, options: renderOptions } = options();
    const payload = 'cmd:12?item=Large%20pizza';
    const { calls } = renderForTelegram(
      [
        {
          type: 'cards',
          cards: [
            {
              title: 'Pizza',
              subtitle: 'Large',
              media: 'https://example.com/p.jpg',
              buttons: [
                { label: 'Add', type: 'postback', value: payload },
                { label: 'Site', type: 'url', value: 'https://example.com' },
              ],
            },
          ],
        },
      ],
      renderOptions,
    );
    const key = shortPayloadKey(payload);
    expect(calls).toEqual([
      {
        method: 'sendPhoto',
        body: {
          chat_id: 42,
          photo: 'https://example.com/p.jpg',
          caption: 'Pizza\nLarge',
          reply_markup: {
            inline_keyboard: [
              [{ text: 'Add', callback_data: key }],
              [{ text: 'Site', url: 'https://example.com' }],
            ],
          },
        },
      },
    ]);
    expect(stored.get(key)).toBe(payload);
  });

  it('sends a card without an image as a text with its keyboard, one message per card', () => {
    const { calls } = render([
      {
        type: 'cards',
        cards: [
          { title: 'One', subtitle: '', media: '', buttons: [] },
          {
            title: 'Two',
            subtitle: 'sub',
            media: '',
            buttons: [{ label: 'Go', type: 'postback', value: 'go' }],
          },
        ],
      },
    ]);
    expect(calls).toEqual([
      { method: 'sendMessage', body: { chat_id: 42, text: 'One' } },
      {
        method: 'sendMessage',
        body: {
          chat_id: 42,
          text: 'Two\nsub',
          reply_markup: { inline_keyboard: [[{ text: 'Go', callback_data: shortPayloadKey('go') }]] },
        },
      },
    ]);
  });

  it('puts long Arabic postback payloads only through payloadKey, within 64 bytes', () => {
    const payload = `cmd:7?item=${encodeURIComponent(arabicWords(40))}`;
    const arabicPayload = arabicWords(30);
    const seen: string[] = [];
    const { calls } = renderForTelegram(
      [
        {
          type: 'cards',
          cards: [
            {
              title: 'بيتزا كبيرة',
              subtitle: '',
              media: '',
              buttons: [
                { label: 'أضف إلى السلة', type: 'postback', value: payload },
                { label: 'مساعدة', type: 'postback', value: arabicPayload },
              ],
            },
          ],
        },
      ],
      {
        chatId: '42',
        lang: 'ar',
        payloadKey: (value) => {
          seen.push(value);
          return shortPayloadKey(value);
        },
      },
    );
    expect(seen).toEqual([payload, arabicPayload]);
    const markup = calls[0]?.body.reply_markup as { inline_keyboard: { callback_data: string }[][] };
    const rows = markup.inline_keyboard;
    for (const [button] of rows) {
      expect(button?.callback_data).toMatch(/^p:[\w-]{22}$/);
      expect(utf8ByteLength(button?.callback_data ?? '')).toBeLessThanOrEqual(64);
    }
  });

  it('throws when payloadKey gives a callback_data longer than 64 bytes or empty', () => {
    const card: BotMessage = {
      type: 'cards',
      cards: [
        { title: 't', subtitle: '', media: '', buttons: [{ label: 'b', type: 'postback', value: 'x' }] },
      ],
    };
    // 33 Arabic letters: 33 characters, 66 bytes
    const tooLong = () => 'ب'.repeat(33);
    expect(() => render([card], { payloadKey: tooLong })).toThrow(/66 bytes/);
    expect(() => render([card], { payloadKey: () => '' })).toThrow(/0 bytes/);
    expect(() => render([card], { payloadKey: () => 'ب'.repeat(32) })).not.toThrow();
  });

  it('cuts a caption to 1024 characters with an ellipsis and notes it', () => {
    const { calls, degraded } = render([
      {
        type: 'cards',
        cards: [{ title: 'T', subtitle: arabicWords(300), media: 'http://x.test/a.png', buttons: [] }],
      },
    ]);
    const caption = calls[0]?.body.caption as string;
    expect(caption.length).toBeLessThanOrEqual(1024);
    expect(caption.endsWith('…')).toBe(true);
    expect(caption.startsWith('T\nمرحبا')).toBe(true);
    expect(degraded).toEqual(['card caption cut to 1024 characters']);
  });

  it('leaves out an image that is not an http(s) address, or resolves a path with publicBaseUrl', () => {
    const card: BotMessage = {
      type: 'cards',
      cards: [
        {
          title: 'T',
          subtitle: '',
          media: '/api/uploads/a.png',
          buttons: [{ label: 'Bad', type: 'url', value: 'javascript:alert(1)' }],
        },
      ],
    };
    expect(render([card])).toEqual({
      calls: [{ method: 'sendMessage', body: { chat_id: 42, text: 'T' } }],
      degraded: [
        'card button "Bad" left out: not an http(s) address',
        'card image left out: not an http(s) address',
      ],
    });
    expect(render([card], { publicBaseUrl: 'https://bots.example.com' }).calls[0]).toEqual({
      method: 'sendPhoto',
      body: { chat_id: 42, photo: 'https://bots.example.com/api/uploads/a.png', caption: 'T' },
    });
  });

  it('sends quick replies as a one-time reply keyboard, short labels two a row', () => {
    const { calls } = render([
      {
        type: 'quick_replies',
        text: 'Size?',
        replies: [
          { label: 'Small', payload: 'cmd:1' },
          { label: 'Large', payload: 'cmd:2' },
          { label: 'A very long label that does not fit beside another', payload: 'cmd:3' },
          { label: 'Medium', payload: 'cmd:4' },
        ],
      },
    ]);
    expect(calls).toEqual([
      {
        method: 'sendMessage',
        body: {
          chat_id: 42,
          text: 'Size?',
          reply_markup: {
            keyboard: [
              [{ text: 'Small' }, { text: 'Large' }],
              [{ text: 'A very long label that does not fit beside another' }],
              [{ text: 'Medium' }],
            ],
            one_time_keyboard: true,
            resize_keyboard: true,
          },
        },
      },
    ]);
    expect(keyboardRows(['a', 'b', 'c'])).toEqual([[{ text: 'a' }, { text: 'b' }], [{ text: 'c' }]]);
  });

  it('cuts quick reply labels to 64 characters, drops repeats, and asks in the language when no text', () => {
    const long = 'ق'.repeat(80);
    const { calls, degraded } = render(
      [
        {
          type: 'quick_replies',
          text: '',
          replies: [
            { label: long, payload: 'a' },
            { label: 'نعم', payload: 'b' },
            { label: 'نعم', payload: 'c' },
          ],
        },
      ],
      { lang: 'ar' },
    );
    const markup = calls[0]?.body.reply_markup as { keyboard: { text: string }[][] };
    expect(calls[0]?.body.text).toBe('اختر:');
    expect(markup.keyboard.flat().map((button) => button.text)).toEqual([telegramReplyLabel(long), 'نعم']);
    expect(telegramReplyLabel(long).length).toBe(64);
    expect(degraded).toEqual([
      'quick reply label cut to 64 characters',
      'quick reply label "نعم" repeated: left out',
    ]);
  });

  it('puts the keyboard on the last piece of a long quick-replies text', () => {
    const { calls } = render([
      { type: 'quick_replies', text: arabicWords(1000), replies: [{ label: 'OK', payload: 'ok' }] },
    ]);
    expect(calls).toHaveLength(2);
    expect(calls[0]?.body.reply_markup).toBeUndefined();
    expect(calls[1]?.body.reply_markup).toMatchObject({ keyboard: [[{ text: 'OK' }]] });
  });

  it('sends an image and a video by address', () => {
    expect(
      render([
        { type: 'image', url: 'https://x.test/a.jpg' },
        { type: 'video', url: 'https://x.test/a.mp4' },
        { type: 'image', url: 'not a url' },
      ]),
    ).toEqual({
      calls: [
        { method: 'sendPhoto', body: { chat_id: 42, photo: 'https://x.test/a.jpg' } },
        { method: 'sendVideo', body: { chat_id: 42, video: 'https://x.test/a.mp4' } },
      ],
      degraded: ['image left out: not an http(s) address'],
    });
  });

  it('sends places as pins, named first by one text when titled or several', () => {
    expect(render([{ type: 'location', locations: [{ title: '', lat: 30, lng: 31 }] }]).calls).toEqual([
      { method: 'sendLocation', body: { chat_id: 42, latitude: 30, longitude: 31 } },
    ]);
    expect(render([{ type: 'location', locations: [{ title: 'Cairo', lat: 30, lng: 31 }] }]).calls).toEqual([
      { method: 'sendMessage', body: { chat_id: 42, text: 'Cairo' } },
      { method: 'sendLocation', body: { chat_id: 42, latitude: 30, longitude: 31 } },
    ]);
    const several = render([
      {
        type: 'location',
        locations: [
          { title: 'الفرع الأول', lat: 30.1, lng: 31.2 },
          { title: '', lat: 24.7, lng: 46.7 },
          { title: 'Nowhere', lat: 91, lng: 0 },
        ],
      },
    ]);
    expect(several.calls.map((call) => call.method)).toEqual(['sendMessage', 'sendLocation', 'sendLocation']);
    expect(several.calls[0]?.body.text).toBe('1. الفرع الأول\n2. 24.7, 46.7');
    expect(several.degraded).toEqual(['place "Nowhere" left out: invalid coordinates']);
  });

  it('sends an advert as text without tags, entities decoded, links as "text (url)"', () => {
    const html =
      '<style>p{color:red}</style><h1>Sale &amp; more</h1><p>Pizza&nbsp;for <b>5&euro;</b>.<br>See ' +
      '<a href="https://shop.test/?a=1&amp;b=2">our shop</a> or <a href="https://x.test">https://x.test</a>' +
      '<script>alert(1)</script></p><ul><li>One</li><li>&#1575;&#x644;</li></ul><a href="javascript:x()">js</a>';
    const { calls, degraded } = render([{ type: 'advert', html }]);
    expect(calls).toEqual([
      {
        method: 'sendMessage',
        body: {
          chat_id: 42,
          text: 'Sale & more\n\nPizza for 5€.\nSee our shop (https://shop.test/?a=1&b=2) or https://x.test\n\n• One\n• ال\njs',
        },
      },
    ]);
    expect(degraded).toEqual(['advert sent as text']);
    expect(advertText('&lt;b&gt;not a tag&lt;/b&gt; 3 < 5')).toBe('<b>not a tag</b> 3 < 5');
  });

  it('sends a receipt as its text and notes it', () => {
    const receipt: BotMessage = {
      type: 'receipt',
      items: [{ title: 'Pizza', quantity: 2, price: 5 }],
      subtotal: 10,
      tax: 0,
      shipping: 0,
      total: 10,
      currency: 'USD',
      payment_method: 'cash',
      text: 'Pizza × 2: 10.00\nTotal: 10.00 USD',
    };
    expect(render([receipt])).toEqual({
      calls: [{ method: 'sendMessage', body: { chat_id: 42, text: 'Pizza × 2: 10.00\nTotal: 10.00 USD' } }],
      degraded: ['receipt sent as text'],
    });
  });

  it('keeps the send order across messages and names every type in its capabilities', () => {
    const { calls } = render([
      { type: 'text', text: 'a' },
      { type: 'image', url: 'https://x.test/i.png' },
      { type: 'text', text: 'b' },
    ]);
    expect(calls.map((call) => call.method)).toEqual(['sendMessage', 'sendPhoto', 'sendMessage']);
    expect(Object.keys(telegramCapabilities.support).sort()).toEqual(
      ['advert', 'cards', 'image', 'location', 'quick_replies', 'receipt', 'text', 'video'].sort(),
    );
  });
});

describe('shortPayloadKey', () => {
  it('is deterministic, 24 ASCII bytes, and differs between payloads', () => {
    const key = shortPayloadKey('مساعدة');
    expect(key).toBe(shortPayloadKey('مساعدة'));
    expect(key).toMatch(/^p:[A-Za-z0-9_-]{22}$/);
    expect(utf8ByteLength(key)).toBe(24);
    expect(shortPayloadKey('cmd:1')).not.toBe(shortPayloadKey('cmd:2'));
  });

  it('says the owner’s wording of "Choose:" above a keyboard that came without a text', () => {
    const quickReplies: BotMessage[] = [
      { type: 'quick_replies', text: '', replies: [{ label: 'نعم', payload: 'b' }] },
    ];
    const texts = { choosePrompt: { ar: 'اختر من الأزرار:' } };
    expect(render(quickReplies, { lang: 'ar', texts }).calls[0]?.body.text).toBe('اختر من الأزرار:');
    expect(render(quickReplies, { lang: 'en', texts }).calls[0]?.body.text).toBe('Choose:');
  });
});
