import type { NotificationData } from '@hiwar/contracts';
import { describe, expect, it } from 'vitest';
import { renderNotification } from './render-notification.ts';
import { isUnsubscribeRequest } from './subscription-words.ts';
import { isOriginAllowed } from './white-domains.ts';

describe('the fixed unsubscribe words', () => {
  it('reads the whole message in Arabic, English or German, whatever its letter forms, case and punctuation', () => {
    for (const text of [
      'Unsubscribe',
      'STOP!',
      'stop notifications',
      'Abbestellen',
      'abmelden.',
      'Stopp',
      'الغاء الاشتراك',
      'إلغاء الإشتراك',
      'إيقاف',
      'توقف!',
    ]) {
      expect(isUnsubscribeRequest(text), text).toBe(true);
    }
  });

  it('leaves a sentence that merely mentions stopping to the bot', () => {
    for (const text of [
      'when do you stop serving',
      'stop the order please',
      'ich möchte abbestellen und bestellen',
      'متى توقف التوصيل',
      '',
    ]) {
      expect(isUnsubscribeRequest(text), text).toBe(false);
    }
  });
});

describe('white domains', () => {
  const domains = ['shop.example.com', 'example.org:8443', '*.example.net'];

  it('accepts any origin when the list is empty, and none without an Origin or Referer otherwise', () => {
    expect(isOriginAllowed([], undefined, undefined)).toBe(true);
    expect(isOriginAllowed(domains, undefined, undefined)).toBe(false);
    expect(isOriginAllowed(domains, 'null', undefined)).toBe(false);
  });

  it('matches a host on any port, a host with its port, and the subdomains of a wildcard', () => {
    expect(isOriginAllowed(domains, 'https://shop.example.com', undefined)).toBe(true);
    expect(isOriginAllowed(domains, 'http://shop.example.com:3000', undefined)).toBe(true);
    expect(isOriginAllowed(domains, undefined, 'https://example.org:8443/admin?x=1')).toBe(true);
    expect(isOriginAllowed(domains, 'https://example.org', undefined)).toBe(false);
    expect(isOriginAllowed(domains, 'https://a.b.example.net', undefined)).toBe(true);
    expect(isOriginAllowed(domains, 'https://example.net', undefined)).toBe(false);
    // look-alikes
    expect(isOriginAllowed(domains, 'https://shop.example.com.evil.io', undefined)).toBe(false);
    expect(isOriginAllowed(domains, 'https://evilexample.net', undefined)).toBe(false);
    expect(isOriginAllowed(domains, 'https://evil.io', 'https://shop.example.com/')).toBe(false);
  });
});

describe('a notification as bot messages', () => {
  const base = {
    title: '',
    subtitle: '',
    media: '',
    buttons: [] as NotificationData['buttons'],
    redirect_link: '',
    platform: null,
  };

  it('sends an image with its text after it, and a video with its buttons as a card', () => {
    expect(
      renderNotification({
        ...base,
        type: 'image',
        title: 'New menu',
        media: 'https://cdn.example.com/m.png',
        redirect_type: 'web_wedgit',
      }),
    ).toEqual([
      { type: 'image', url: 'https://cdn.example.com/m.png' },
      { type: 'text', text: 'New menu' },
    ]);
    expect(
      renderNotification({
        ...base,
        type: 'video',
        media: 'https://cdn.example.com/v.mp4',
        buttons: [{ item_label_key: 'Watch more', item_value_key: 'https://example.com/more' }],
        redirect_type: 'web_wedgit',
      }),
    ).toEqual([
      { type: 'video', url: 'https://cdn.example.com/v.mp4' },
      {
        type: 'cards',
        cards: [
          {
            title: '',
            subtitle: '',
            media: '',
            buttons: [{ label: 'Watch more', type: 'url', value: 'https://example.com/more' }],
          },
        ],
      },
    ]);
  });

  it('does not add the custom link twice when a button already opens it', () => {
    const [message] = renderNotification({
      ...base,
      type: 'card',
      title: 'Sale',
      media: 'https://cdn.example.com/s.png',
      buttons: [{ item_label_key: 'Shop', item_value_key: 'https://shop.example.com/sale' }],
      redirect_type: 'custom_link',
      redirect_link: 'https://shop.example.com/sale',
    });
    expect(message).toEqual({
      type: 'cards',
      cards: [
        {
          title: 'Sale',
          subtitle: '',
          media: 'https://cdn.example.com/s.png',
          buttons: [{ label: 'Shop', type: 'url', value: 'https://shop.example.com/sale' }],
        },
      ],
    });
  });
});
