import { describe, expect, it } from 'vitest';
import { instructionLinks, instructionRows, withPlatformStatus } from './instruction-links.ts';

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
          chatbot_app_credentials: {
            ...credentials,
            chatapi_url: 'https://c.example',
            order_template: '',
            order_template_lang: '',
          },
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

  it('take what the platform answered for a connected channel and keep the switches for the others', () => {
    const off = { verify_token: '', token: '' };
    const rows = instructionRows(
      'https://h.example',
      {
        facebook: [],
        telegram: { chatbot_app_status: 1, chatbot_app_credentials: { ...off, token: 'wrong' } },
        whatsapp: {
          chatbot_app_status: 1,
          chatbot_app_credentials: { ...off, chatapi_url: '', order_template: '', order_template_lang: '' },
        },
        hangouts: { chatbot_app_status: 0, chatbot_app_credentials: { verify_token: '', credentials: '' } },
      },
      identity,
    );
    const reason = 'Telegram refused the bot token: check it in @BotFather';
    const merged = withPlatformStatus(rows, {
      telegram: { status: 'pending', reason, account: '', updated_at: '2025-05-01T10:00:00.000Z' },
    });
    expect(merged.map((row) => [row.channel, row.status, row.reason, row.source])).toEqual([
      ['facebook', 'inactive', '', 'form'],
      ['telegram', 'pending', reason, 'platform'],
      ['hangouts', 'inactive', '', 'form'],
      ['whatsapp', 'pending', '', 'form'],
    ]);
    const active = withPlatformStatus(rows, {
      telegram: { status: 'active', reason: 'stale', account: '@pizza_bot', updated_at: '' },
    });
    expect(active[1]).toMatchObject({ status: 'active', account: '@pizza_bot', reason: '' });
  });
});

describe('the Facebook page popup', () => {
  it('opens the login with the owner id and the chatbot’s public token, which the server checks', async () => {
    const { facebookPopupUrl } = await import('./facebook-section.tsx');
    expect(facebookPopupUrl(42, 'pub tok/en')).toBe('/authorize/fb/42?token=pub%20tok%2Fen');
  });
});
