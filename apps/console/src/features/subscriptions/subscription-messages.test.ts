import { subscriptionMessages } from '@hiwar/contracts';
import { describe, expect, it } from 'vitest';
import ar from '../../locales/ar.json';
import en from '../../locales/en.json';
import { createEventStreamParser } from './notification-stream.ts';

describe('subscription messages', () => {
  it('have an English text equal to the contract and an Arabic translation', () => {
    for (const [key, text] of Object.entries(subscriptionMessages)) {
      expect(en.subscriptions.messages[key as keyof typeof en.subscriptions.messages]).toBe(text);
      expect(ar.subscriptions.messages[key as keyof typeof ar.subscriptions.messages]).toMatch(
        /\p{Script=Arabic}/u,
      );
    }
  });
});

describe('event stream parser', () => {
  it('reads events split across chunks, skipping pings', () => {
    const push = createEventStreamParser();
    expect(push(': ping\n\nevent: notification_sent\nda')).toEqual([]);
    expect(push('ta: {"a":1}\r\n\r\nevent: other\ndata: x\n\n')).toEqual([
      { event: 'notification_sent', data: '{"a":1}' },
      { event: 'other', data: 'x' },
    ]);
  });
});
