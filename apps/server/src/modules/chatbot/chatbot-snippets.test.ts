import { describe, expect, it } from 'vitest';
import { generateMessengerFields, publicBaseUrl } from './chatbot-snippets.ts';

describe('chatbot snippets', () => {
  it('prefer the configured public url, without its trailing slash, to the request origin', () => {
    const request = { protocol: 'http', host: '10.0.0.5:8080' };
    expect(publicBaseUrl('https://bots.example.com/', request)).toBe('https://bots.example.com');
    expect(publicBaseUrl('', request)).toBe('http://10.0.0.5:8080');
  });

  it('keep the SENDER_ID and LOCALE placeholders for the embedding page and size the iframe', () => {
    const fields = generateMessengerFields('https://bots.example.com', 'tok_123', {
      width: 400,
      height: 500,
    });
    expect(fields.iframe_tag).toBe(
      '<iframe src="https://bots.example.com/widget/frame.html?bot=tok_123&sender=SENDER_ID&locale=LOCALE" width="400" height="500" style="border:0" title="Chat" allow="microphone"></iframe>',
    );
    expect(fields.embed_code).toBe(
      '<script src="https://bots.example.com/widget/embed.js" data-bot="tok_123" data-locale="LOCALE" async></script>',
    );
    expect(fields.whatsapp_web_hook).toBe('https://bots.example.com/hooks/whatsapp/tok_123');
  });
});
