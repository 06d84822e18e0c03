import { SNIPPET_SENDER_PLACEHOLDER } from '@hiwar/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SenderIdentity } from './api-client.ts';
import {
  createSenderStore,
  parseKeptSender,
  parseSenderId,
  randomSenderId,
  resolveSenderId,
  SENDER_PLACEHOLDER,
  type SenderStore,
  senderKey,
} from './sender-id.ts';

function memoryStore(initial: SenderIdentity | null = null): SenderStore & { saved: SenderIdentity | null } {
  return {
    saved: initial,
    read() {
      return this.saved;
    },
    write(sender) {
      this.saved = sender;
    },
  };
}

const HASH = 'ab'.repeat(32);

describe('the sender id', () => {
  afterEach(() => {
    localStorage.clear();
  });

  it('knows the snippet placeholder the contracts define', () => {
    expect(SENDER_PLACEHOLDER).toBe(SNIPPET_SENDER_PLACEHOLDER);
  });

  it('uses a valid id the page passed, but not the unreplaced placeholder', async () => {
    const validate = vi.fn(async () => true);
    const store = memoryStore();
    expect(await resolveSenderId({ senderParam: '4242', store, validate })).toEqual({
      id: 4242,
      isNew: false,
      isPageGiven: true,
    });
    const fresh = await resolveSenderId({ senderParam: 'SENDER_ID', store, validate, random: () => 77 });
    expect(fresh).toEqual({ id: 77, isNew: true, isPageGiven: false });
    expect(store.saved).toEqual({ id: 77 });
  });

  it('keeps the stored id on the next visit', async () => {
    const validate = vi.fn(async () => true);
    expect(await resolveSenderId({ senderParam: null, store: memoryStore({ id: 99 }), validate })).toEqual({
      id: 99,
      isNew: false,
      isPageGiven: false,
    });
    expect(validate).toHaveBeenCalledWith(99);
  });

  it('draws again when the server refuses a new id', async () => {
    const validate = vi.fn(async (id: number) => id !== 5);
    const draws = [5, 6];
    const store = memoryStore();
    const id = await resolveSenderId({
      senderParam: null,
      store,
      validate,
      random: () => draws.shift() ?? 0,
    });
    expect(id).toEqual({ id: 6, isNew: true, isPageGiven: false });
    expect(store.saved).toEqual({ id: 6 });
  });

  describe('under identity verification', () => {
    const signed = (id: number) => ({ id, hash: HASH });
    const verifiedBy = (draw: () => Promise<SenderIdentity>) => ({ verified: { draw: vi.fn(draw) } });

    it('takes the page’s id only with its hash, and never asks validate-sender', async () => {
      const validate = vi.fn(async () => true);
      const options = verifiedBy(async () => signed(5));
      const given = await resolveSenderId({
        senderParam: '4242',
        senderHashParam: HASH.toUpperCase(),
        store: memoryStore(),
        validate,
        ...options,
      });
      expect(given).toEqual({ id: 4242, hash: HASH, isNew: false, isPageGiven: true });
      // an unsigned page id cannot be used: the visitor talks under a new signed id instead
      const store = memoryStore();
      const unsigned = await resolveSenderId({ senderParam: '4242', store, validate, ...options });
      expect(unsigned).toEqual({ id: 5, hash: HASH, isNew: true, isPageGiven: false });
      expect(store.saved).toEqual(signed(5));
      expect(validate).not.toHaveBeenCalled();
    });

    it('keeps a signed id, and has the server draw one for a kept id without a hash', async () => {
      const options = verifiedBy(async () => signed(8));
      const kept = await resolveSenderId({
        senderParam: null,
        store: memoryStore(signed(3)),
        validate: vi.fn(),
        ...options,
      });
      expect(kept).toEqual({ id: 3, hash: HASH, isNew: false, isPageGiven: false });
      expect(options.verified.draw).not.toHaveBeenCalled();
      const store = memoryStore({ id: 3 });
      const drawn = await resolveSenderId({ senderParam: null, store, validate: vi.fn(), ...options });
      expect(drawn).toEqual({ id: 8, hash: HASH, isNew: true, isPageGiven: false });
      expect(store.saved).toEqual(signed(8));
    });

    it('reads a kept id with or without its hash, and nothing else', () => {
      expect(parseKeptSender('12')).toEqual({ id: 12 });
      expect(parseKeptSender(`12.${HASH}`)).toEqual({ id: 12, hash: HASH });
      for (const bad of [`12.${HASH}.1`, '12.xyz', `0.${HASH}`, '', null])
        expect(parseKeptSender(bad)).toBeNull();
    });
  });

  it('refuses ids that are not positive safe integers', () => {
    expect(parseSenderId('12')).toBe(12);
    for (const bad of ['0', '-3', '1.5', 'abc', '99999999999999999', '', null])
      expect(parseSenderId(bad)).toBeNull();
    for (let index = 0; index < 50; index += 1) {
      const id = randomSenderId();
      expect(Number.isSafeInteger(id) && id > 0).toBe(true);
    }
  });

  it('writes a Lax cookie over http and a localStorage copy, and reads either back', () => {
    const cookieWrites: string[] = [];
    const cookieSetter = vi.spyOn(document, 'cookie', 'set').mockImplementation((value) => {
      cookieWrites.push(value);
    });
    const store = createSenderStore('bot token/1', window);
    store.write({ id: 123 });
    cookieSetter.mockRestore();
    expect(senderKey('bot token/1')).toBe('hiwar_sender_bot_token_1');
    expect(cookieWrites[0]).toMatch(
      /^hiwar_sender_bot_token_1=123; Path=\/; Max-Age=31536000; SameSite=Lax$/,
    );
    expect(localStorage.getItem('hiwar_sender_bot_token_1')).toBe('123');
    // the cookie write was intercepted: the id still comes back from the localStorage copy
    expect(store.read()).toEqual({ id: 123 });
    store.write({ id: 124, hash: HASH });
    expect(store.read()).toEqual({ id: 124, hash: HASH });
  });

  it('marks the cookie SameSite=None; Secure over https, so an embedded frame may send it', () => {
    const cookieWrites: string[] = [];
    const fakeWindow = {
      location: { protocol: 'https:' },
      document: {
        get cookie() {
          return '';
        },
        set cookie(value: string) {
          cookieWrites.push(value);
        },
      },
      localStorage,
    } as unknown as Window;
    createSenderStore('b1', fakeWindow).write({ id: 55 });
    expect(cookieWrites[0]).toContain('SameSite=None; Secure');
  });
});
