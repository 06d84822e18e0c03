import { SNIPPET_SENDER_PLACEHOLDER } from '@hiwar/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createSenderStore,
  parseSenderId,
  randomSenderId,
  resolveSenderId,
  SENDER_PLACEHOLDER,
  type SenderStore,
  senderKey,
} from './sender-id.ts';

function memoryStore(initial: number | null = null): SenderStore & { saved: number | null } {
  return {
    saved: initial,
    read() {
      return this.saved;
    },
    write(id) {
      this.saved = id;
    },
  };
}

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
    });
    const fresh = await resolveSenderId({ senderParam: 'SENDER_ID', store, validate, random: () => 77 });
    expect(fresh).toEqual({ id: 77, isNew: true });
    expect(store.saved).toBe(77);
  });

  it('keeps the stored id on the next visit', async () => {
    const validate = vi.fn(async () => true);
    expect(await resolveSenderId({ senderParam: null, store: memoryStore(99), validate })).toEqual({
      id: 99,
      isNew: false,
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
    expect(id).toEqual({ id: 6, isNew: true });
    expect(store.saved).toBe(6);
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
    store.write(123);
    cookieSetter.mockRestore();
    expect(senderKey('bot token/1')).toBe('hiwar_sender_bot_token_1');
    expect(cookieWrites[0]).toMatch(
      /^hiwar_sender_bot_token_1=123; Path=\/; Max-Age=31536000; SameSite=Lax$/,
    );
    expect(localStorage.getItem('hiwar_sender_bot_token_1')).toBe('123');
    // the cookie write was intercepted: the id still comes back from the localStorage copy
    expect(store.read()).toBe(123);
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
    createSenderStore('b1', fakeWindow).write(55);
    expect(cookieWrites[0]).toContain('SameSite=None; Secure');
  });
});
