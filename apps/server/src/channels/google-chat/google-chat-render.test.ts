import type { BotMessage } from '@hiwar/contracts';
import { describe, expect, it } from 'vitest';
import { checkMessage } from '../../testing/channels/google-chat/fake-google-chat-checks.ts';
import { renderForGoogleChat } from './google-chat-render.ts';

const render = (messages: BotMessage[]) =>
  renderForGoogleChat(messages, { payloadKey: (payload) => `k:${payload.length}` });

describe('renderForGoogleChat', () => {
  it.each<[string, BotMessage, { texts: string[]; cards: number; degraded: string[] }]>([
    ['a text', { type: 'text', text: 'Hello' }, { texts: ['Hello'], cards: 0, degraded: [] }],
    ['Arabic text', { type: 'text', text: 'مرحبا' }, { texts: ['مرحبا'], cards: 0, degraded: [] }],
    [
      'an empty text',
      { type: 'text', text: ' ' },
      { texts: [], cards: 0, degraded: ['empty text left out'] },
    ],
    ['an image', { type: 'image', url: 'https://x.test/a.png' }, { texts: [], cards: 1, degraded: [] }],
    [
      'a relative image',
      { type: 'image', url: '/api/uploads/a.png' },
      { texts: [], cards: 0, degraded: ['image left out: not an http(s) address'] },
    ],
    [
      'a video',
      { type: 'video', url: 'https://x.test/v.mp4' },
      { texts: ['https://x.test/v.mp4'], cards: 0, degraded: ['video sent as a link'] },
    ],
    [
      'a place',
      { type: 'location', locations: [{ title: 'Shop', lat: 30.04, lng: 31.23 }] },
      {
        texts: ['Shop\nhttps://www.google.com/maps/search/?api=1&query=30.04,31.23'],
        cards: 0,
        degraded: ['location sent as a map link'],
      },
    ],
    [
      'an advert',
      { type: 'advert', html: '<p>Sale <b>now</b></p>' },
      { texts: ['Sale now'], cards: 0, degraded: ['advert sent as text'] },
    ],
  ])('renders %s', (_name, message, expected) => {
    const out = render([message]);
    for (const body of out.messages) checkMessage(body);
    expect(out.messages.flatMap((body) => (body.text ? [body.text] : []))).toEqual(expected.texts);
    expect(out.messages.reduce((count, body) => count + (body.cardsV2?.length ?? 0), 0)).toBe(expected.cards);
    expect(out.degraded).toEqual(expected.degraded);
  });

  it('splits a long text at 4,096 characters', () => {
    const out = render([{ type: 'text', text: `${'a'.repeat(4000)} ${'b'.repeat(500)}` }]);
    expect(out.messages.map((body) => body.text?.length)).toEqual([4000, 500]);
  });

  it('renders cards in one message with headers, pictures and buttons Google accepts', () => {
    const out = render([
      {
        type: 'cards',
        cards: [
          {
            title: 'بيتزا',
            subtitle: 'Large',
            media: 'https://x.test/p.png',
            buttons: [
              { label: 'Order', type: 'postback', value: 'cmd:12?item=3' },
              { label: 'Site', type: 'url', value: 'https://x.test' },
              { label: 'Bad', type: 'url', value: 'javascript:alert(1)' },
            ],
          },
          { title: '', subtitle: 'Only a subtitle', media: '', buttons: [] },
          { title: '', subtitle: '', media: '', buttons: [] },
        ],
      },
    ]);
    expect(out.messages).toHaveLength(1);
    checkMessage(out.messages[0]);
    expect(out.messages[0]?.cardsV2).toEqual([
      {
        cardId: 'card-1',
        card: {
          header: { title: 'بيتزا', subtitle: 'Large' },
          sections: [
            {
              widgets: [
                { image: { imageUrl: 'https://x.test/p.png', altText: 'بيتزا' } },
                {
                  buttonList: {
                    buttons: [
                      {
                        text: 'Order',
                        onClick: {
                          action: { function: 'postback', parameters: [{ key: 'payload', value: 'k:13' }] },
                        },
                      },
                      { text: 'Site', onClick: { openLink: { url: 'https://x.test' } } },
                    ],
                  },
                },
              ],
            },
          ],
        },
      },
      {
        cardId: 'card-2',
        card: { sections: [{ widgets: [{ textParagraph: { text: 'Only a subtitle' } }] }] },
      },
    ]);
    expect(out.degraded).toEqual([
      'card button "Bad" left out: not an http(s) address',
      'empty card left out',
    ]);
  });

  it('renders quick replies as buttons under their text', () => {
    const out = render([
      {
        type: 'quick_replies',
        text: '',
        replies: [
          { label: 'Small', payload: 'small' },
          { label: '', payload: 'x' },
        ],
      },
    ]);
    expect(out.messages).toHaveLength(1);
    checkMessage(out.messages[0]);
    expect(out.messages[0]?.text).toBe('Choose:');
    expect(out.messages[0]?.cardsV2?.[0]?.card.sections[0]?.widgets).toEqual([
      {
        buttonList: {
          buttons: [
            {
              text: 'Small',
              onClick: { action: { function: 'postback', parameters: [{ key: 'payload', value: 'k:5' }] } },
            },
          ],
        },
      },
    ]);
    expect(out.degraded).toEqual(['quick reply without a label left out']);
  });
});
