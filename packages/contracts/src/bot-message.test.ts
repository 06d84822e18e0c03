import { describe, expect, it } from 'vitest';
import {
  botMessage,
  commandPayload,
  commandPayloadWith,
  incomingEvent,
  parseCommandPayload,
  parseCommandPostback,
} from './bot-message.ts';

describe('command payloads', () => {
  it('round-trips a command id', () => {
    expect(parseCommandPayload(commandPayload(42))).toBe(42);
  });

  it.each(['help', 'cmd:', 'cmd:0', 'cmd:-3', 'cmd:1.5', 'xcmd:4'])('reads %j as plain text', (payload) => {
    expect(parseCommandPayload(payload)).toBeNull();
  });

  it('round-trips arguments, Arabic and reserved characters included', () => {
    const args = { page: '2', tag: 'بيتزا & more=yes?' };
    const payload = commandPayloadWith(7, args);
    expect(payload.startsWith('cmd:7?page=2&tag=')).toBe(true);
    expect(parseCommandPostback(payload)).toEqual({ commandId: 7, args });
    expect(commandPayloadWith(7, {})).toBe('cmd:7');
    expect(parseCommandPostback('cmd:7')).toEqual({ commandId: 7, args: {} });
  });

  it('keeps the first of a repeated argument and skips undecodable ones', () => {
    expect(parseCommandPostback('cmd:3?item=1&item=2&bad=%E0%A4%A&x')).toEqual({
      commandId: 3,
      args: { item: '1', x: '' },
    });
  });

  it.each(['help', 'cmd:x?page=2', 'cmd:0?page=1', 'page=2'])('reads %j as no command', (payload) => {
    expect(parseCommandPostback(payload)).toBeNull();
  });
});

describe('the bot message set', () => {
  it('accepts a receipt with its text form', () => {
    const receipt = {
      type: 'receipt',
      items: [{ title: 'Tea', quantity: 2, price: 7.5 }],
      subtotal: 15,
      tax: 2.1,
      shipping: 0,
      total: 17.1,
      currency: 'EGP',
      payment_method: 'cash',
      text: '• Tea × 2 = 15.00 EGP',
    };
    expect(botMessage.safeParse(receipt).success).toBe(true);
    const { text: _text, ...withoutText } = receipt;
    expect(botMessage.safeParse(withoutText).success).toBe(false);
  });

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
