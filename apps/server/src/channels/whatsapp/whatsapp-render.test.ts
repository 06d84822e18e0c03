import type { BotMessage } from '@hiwar/contracts';
import { describe, expect, it } from 'vitest';
import { checkMessage } from '../../testing/channels/whatsapp/fake-whatsapp-checks.ts';
import { shortPayloadKey } from './whatsapp-payload-key.ts';
import { renderForWhatsapp } from './whatsapp-render.ts';

/** key → payload, as the adapter remembers them */
const payloads = new Map<string, string>();
const payloadKey = (payload: string, variant?: string) => {
  const key = shortPayloadKey(variant === undefined ? payload : `${payload}\u0000${variant}`);
  payloads.set(key, payload);
  return key;
};

const render = (messages: BotMessage[]) => {
  const out = renderForWhatsapp(messages, { lang: 'en', payloadKey });
  // every message is one the fake Cloud API (which refuses what WhatsApp refuses) takes
  for (const message of out.messages)
    checkMessage({ messaging_product: 'whatsapp', to: '201001234567', ...message });
  return out;
};

const replies = (count: number, label = (index: number) => `Option ${index + 1}`) =>
  Array.from({ length: count }, (_, index) => ({ label: label(index), payload: `cmd:${index + 1}` }));

describe('renderForWhatsapp', () => {
  it.each([
    ['a short text', [{ type: 'text', text: 'Hello' }], ['text'], []],
    [
      'a text of 5,000 characters in two pieces',
      [{ type: 'text', text: 'a '.repeat(2500) }],
      ['text', 'text'],
      [],
    ],
    ['an empty text left out', [{ type: 'text', text: '  ' }], [], ['empty text left out']],
    ['an image', [{ type: 'image', url: 'https://example.com/a.png' }], ['image'], []],
    ['a video', [{ type: 'video', url: 'https://example.com/a.mp4' }], ['video'], []],
    [
      'a relative image without a public address',
      [{ type: 'image', url: '/api/uploads/a.png' }],
      [],
      ['image left out: not an http(s) address'],
    ],
    [
      'a receipt as text',
      [
        {
          type: 'receipt',
          text: 'Total 10 EGP',
          items: [],
          subtotal: 10,
          tax: 0,
          shipping: 0,
          total: 10,
          currency: 'EGP',
          payment_method: 'cash',
        },
      ],
      ['text'],
      ['receipt sent as text'],
    ],
    [
      'an advert as text',
      [{ type: 'advert', html: '<p>Sale <a href="https://x.example">now</a></p>' }],
      ['text'],
      ['advert sent as text'],
    ],
  ] as [string, BotMessage[], string[], string[]][])('%s', (_name, messages, types, degraded) => {
    const out = render(messages);
    expect(out.messages.map((message) => message.type)).toEqual(types);
    expect(out.degraded).toEqual(degraded);
  });

  it('sends up to three quick replies as reply buttons with titles of at most 20 characters', () => {
    const out = render([
      {
        type: 'quick_replies',
        text: 'Pick one',
        replies: replies(3, (index) => `Option ${index} with a long label`),
      },
    ]);
    const [message] = out.messages;
    expect(message?.interactive).toMatchObject({ type: 'button', body: { text: 'Pick one' } });
    const interactive = message?.interactive as {
      action: { buttons: { reply: { id: string; title: string } }[] };
    };
    const buttons = interactive.action.buttons;
    expect(buttons.map((button) => button.reply.title.length <= 20)).toEqual([true, true, true]);
    expect(buttons[0]?.reply.id).toBe(shortPayloadKey('cmd:1'));
  });

  it('sends three labels alike in their first 20 characters as a list, which shows them whole', () => {
    const out = render([
      {
        type: 'quick_replies',
        text: '',
        replies: replies(3, (index) => `A rather long option number ${index}`),
      },
    ]);
    const interactive = out.messages[0]?.interactive as {
      type: string;
      body: { text: string };
      action: { sections: { rows: { description?: string }[] }[] };
    };
    expect(interactive.type).toBe('list');
    expect(interactive.body.text).toBe('Choose:');
    expect(interactive.action.sections[0]?.rows.map((row) => row.description)).toEqual([
      'A rather long option number 0',
      'A rather long option number 1',
      'A rather long option number 2',
    ]);
  });

  it('sends more than three quick replies as lists of at most ten rows, a long label whole in the description', () => {
    const out = render([
      {
        type: 'quick_replies',
        text: 'اختر مدينة',
        replies: replies(12, (index) => `المدينة رقم ${index} ذات الاسم الطويل جدا`),
      },
    ]);
    expect(out.messages.map((message) => (message.interactive as { type: string }).type)).toEqual([
      'list',
      'list',
    ]);
    const first = out.messages[0]?.interactive as {
      action: { sections: { rows: Record<string, string>[] }[] };
    };
    const rows = first.action.sections[0]?.rows;
    expect(rows).toHaveLength(10);
    expect(rows?.[0]?.description).toBe('المدينة رقم 0 ذات الاسم الطويل جدا');
    expect(out.degraded).toEqual(['12 quick replies sent as 2 lists']);
  });

  it('keeps options of distinct labels that share a target, as rows of their own', () => {
    // 16 sizes, every one answering the same command: one button and 15 dropped before
    const sizes = Array.from({ length: 16 }, (_, index) => ({
      label: `Size ${index + 1}`,
      payload: 'cmd:12',
    }));
    const out = render([{ type: 'quick_replies', text: 'Which size?', replies: sizes }]);
    type List = { type: string; action: { sections: { rows: { id: string; title: string }[] }[] } };
    const lists = out.messages.map((message) => message.interactive as List);
    expect(lists.map((list) => list.type)).toEqual(['list', 'list']);
    const rows = lists.flatMap((list) => list.action.sections[0]?.rows ?? []);
    expect(rows.map((row) => row.title)).toEqual(sizes.map((size) => size.label));
    expect(new Set(rows.map((row) => row.id)).size).toBe(16);
    expect(rows.map((row) => payloads.get(row.id))).toEqual(sizes.map(() => 'cmd:12'));
    expect(out.degraded).toEqual(['16 quick replies sent as 2 lists']);
    // two of them: reply buttons, each its own id
    const two = render([{ type: 'quick_replies', text: 'Which size?', replies: sizes.slice(0, 2) }]);
    type Buttons = { action: { buttons: { reply: { id: string } }[] } };
    const buttons = (two.messages[0]?.interactive as Buttons | undefined)?.action.buttons ?? [];
    expect(new Set(buttons.map((button) => button.reply.id)).size).toBe(2);
  });

  it('sends a card with postback buttons as buttons under its image, its links in the text', () => {
    const out = render([
      {
        type: 'cards',
        cards: [
          {
            title: 'Margherita',
            subtitle: 'Tomato and mozzarella',
            media: 'https://example.com/pizza.png',
            buttons: [
              { label: 'Order', type: 'postback', value: 'cmd:7?item=margherita' },
              { label: 'Menu', type: 'url', value: 'https://example.com/menu' },
            ],
          },
        ],
      },
    ]);
    expect(out.messages).toHaveLength(1);
    expect(out.messages[0]?.interactive).toMatchObject({
      type: 'button',
      header: { type: 'image', image: { link: 'https://example.com/pizza.png' } },
      body: { text: 'Margherita\nTomato and mozzarella\nMenu: https://example.com/menu' },
      action: {
        buttons: [{ type: 'reply', reply: { id: shortPayloadKey('cmd:7?item=margherita'), title: 'Order' } }],
      },
    });
    expect(out.degraded).toEqual(['card link "Menu" sent as a text link']);
  });

  it('sends a card without postback buttons as an image with its caption, and places as pins', () => {
    const out = render([
      {
        type: 'cards',
        cards: [{ title: 'Shop', subtitle: '', media: 'https://example.com/s.png', buttons: [] }],
      },
      { type: 'location', locations: [{ title: 'Cairo branch', lat: 30.04, lng: 31.23 }] },
    ]);
    expect(out.messages).toEqual([
      { type: 'image', image: { link: 'https://example.com/s.png', caption: 'Shop' } },
      { type: 'location', location: { latitude: 30.04, longitude: 31.23, name: 'Cairo branch' } },
    ]);
  });

  it('says the owner’s wording of the list’s body and button, the button cut to 20 characters', () => {
    const out = renderForWhatsapp([{ type: 'quick_replies', text: '', replies: replies(4) }], {
      lang: 'de',
      payloadKey,
      texts: {
        choosePrompt: { de: 'Was darf es sein?' },
        optionsButton: { de: 'Alle Möglichkeiten ansehen' },
      },
    });
    const interactive = out.messages[0]?.interactive as {
      body: { text: string };
      action: { button: string };
    };
    expect(interactive.body.text).toBe('Was darf es sein?');
    expect(interactive.action.button.length).toBeLessThanOrEqual(20);
    expect(interactive.action.button.startsWith('Alle Möglichkeiten')).toBe(true);
  });
});
