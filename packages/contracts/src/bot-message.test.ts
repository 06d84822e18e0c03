import { describe, expect, it } from 'vitest';
import { botMessage, commandPayload, incomingEvent, parseCommandPayload } from './bot-message.ts';

describe('command payloads', () => {
  it('round-trips a command id', () => {
    expect(parseCommandPayload(commandPayload(42))).toBe(42);
  });

  it.each(['help', 'cmd:', 'cmd:0', 'cmd:-3', 'cmd:1.5', 'xcmd:4'])('reads %j as plain text', (payload) => {
    expect(parseCommandPayload(payload)).toBeNull();
  });
});

describe('the bot message set', () => {
  const button = { label: 'Go', type: 'postback', value: 'cmd:1' } as const;
  const card = { title: 't', subtitle: '', media: '', buttons: [button] };

  it('accepts five cards and refuses six', () => {
    expect(botMessage.safeParse({ type: 'cards', cards: Array(5).fill(card) }).success).toBe(true);
    expect(botMessage.safeParse({ type: 'cards', cards: Array(6).fill(card) }).success).toBe(false);
  });

  it('refuses a card with four buttons', () => {
    const crowded = { ...card, buttons: Array(4).fill(button) };
    expect(botMessage.safeParse({ type: 'cards', cards: [crowded] }).success).toBe(false);
  });

  it('refuses six locations', () => {
    const place = { title: 'x', lat: 1, lng: 2 };
    expect(botMessage.safeParse({ type: 'location', locations: Array(5).fill(place) }).success).toBe(true);
    expect(botMessage.safeParse({ type: 'location', locations: Array(6).fill(place) }).success).toBe(false);
  });
});

describe('incoming events', () => {
  it('refuses blank text and out-of-range coordinates', () => {
    expect(incomingEvent.safeParse({ type: 'text', text: '  ' }).success).toBe(false);
    expect(incomingEvent.safeParse({ type: 'location', lat: 91, lng: 0 }).success).toBe(false);
    expect(incomingEvent.safeParse({ type: 'postback', payload: 'cmd:3' }).success).toBe(true);
  });
});
