import { describe, expect, it } from 'vitest';
import { instructionLinks, instructionRows } from './instruction-links.ts';
import { fillSnippet, randomSenderId } from './snippets.ts';

const iframe =
  '<iframe src="https://bots.example.com/widget/frame.html?bot=tok&sender=SENDER_ID&locale=LOCALE" width="380"></iframe>';

describe('snippets', () => {
  it('replace every SENDER_ID and LOCALE placeholder', () => {
    expect(fillSnippet(iframe, 4711, 'ar')).toBe(
      '<iframe src="https://bots.example.com/widget/frame.html?bot=tok&sender=4711&locale=ar" width="380"></iframe>',
    );
    expect(fillSnippet('LOCALE LOCALE SENDER_ID', 1, 'en')).toBe('en en 1');
  });

  it('default the locale to en', () => {
    expect(fillSnippet('data-locale="LOCALE"', 1, '')).toBe('data-locale="en"');
  });

  it('make random positive integer sender ids', () => {
    expect(randomSenderId(() => 0)).toBe(1);
    expect(randomSenderId(() => 0.999_999_999_9)).toBeLessThanOrEqual(999_999_999);
    expect(Number.isInteger(randomSenderId())).toBe(true);
  });
});

describe('bot instructions', () => {
  const identity = { chatbotId: 7, chatbotUserId: 42, userToken: 'pub tok' };

  it('build the authorisation and broadcast links from the ids, the token and the driver', () => {
    expect(instructionLinks('https://h.example', 'facebook', identity)).toEqual({
      authorizeUrl: 'https://h.example/authorize/fb/42/7?token=pub%20tok',
      broadcastUrl: 'https://h.example/broadcast/fb/7?token=pub%20tok',
    });
  });

  it('mark channels active, pending (on without its token) or inactive', () => {
    const credentials = { verify_token: 'v', token: '' };
    const rows = instructionRows(
      'https://h.example',
      {
        facebook: [],
        telegram: { chatbot_app_status: 1, chatbot_app_credentials: { ...credentials, token: 'bot' } },
        whatsapp: {
          chatbot_app_status: 1,
          chatbot_app_credentials: { ...credentials, chatapi_url: 'https://c.example' },
        },
        hangouts: { chatbot_app_status: 0, chatbot_app_credentials: { verify_token: '', credentials: '' } },
      },
      identity,
    );
    expect(rows.map((row) => [row.channel, row.status])).toEqual([
      ['facebook', 'inactive'],
      ['telegram', 'active'],
      ['hangouts', 'inactive'],
      ['whatsapp', 'pending'],
    ]);
  });
});
