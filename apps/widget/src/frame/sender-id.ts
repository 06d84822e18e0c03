import type { SenderIdentity } from './api-client.ts';

/**
 * The iframe snippet's sender placeholder (contracts' SNIPPET_SENDER_PLACEHOLDER; a test keeps them equal).
 * Kept here because importing any value from the contracts would bundle zod into the messenger.
 */
export const SENDER_PLACEHOLDER = 'SENDER_ID';

/** The cookie (and localStorage key) holding a visitor's sender id for one bot. */
export function senderKey(bot: string): string {
  return `hiwar_sender_${bot.replace(/[^A-Za-z0-9_-]/g, '_')}`;
}

/** A positive safe integer written as plain digits, else null. */
export function parseSenderId(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,16}$/.test(value.trim())) return null;
  const id = Number(value.trim());
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** A sender_hash as the server takes it: 64 hex digits (lowercased), else null. */
export function parseSenderHash(value: string | null | undefined): string | null {
  const hash = value?.trim() ?? '';
  return /^[0-9a-fA-F]{64}$/.test(hash) ? hash.toLowerCase() : null;
}

/** A kept sender: `id`, or `id.hash` under identity verification. */
export function parseKeptSender(value: string | null | undefined): SenderIdentity | null {
  const [digits, hashText, ...rest] = (value ?? '').split('.');
  const id = parseSenderId(digits);
  if (!id || rest.length > 0) return null;
  if (hashText === undefined) return { id };
  const hash = parseSenderHash(hashText);
  return hash ? { id, hash } : null;
}

export const keptSenderText = (sender: SenderIdentity) =>
  sender.hash ? `${sender.id}.${sender.hash}` : String(sender.id);

/** A random id in 1 … 2^53 − 1 from the browser's cryptographic random source. */
export function randomSenderId(random: Crypto = crypto): number {
  const [high = 0, low = 0] = random.getRandomValues(new Uint32Array(2));
  const id = (high & 0x1fffff) * 2 ** 32 + low;
  return id > 0 ? id : 1;
}

export interface SenderStore {
  read(): SenderIdentity | null;
  write(sender: SenderIdentity): void;
}

function readCookie(document: Document, name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

/**
 * The cookie, with a localStorage copy: inside a third-party iframe browsers may block the cookie (or storage),
 * so either one that survives keeps the visitor's conversation. Over https the cookie must be SameSite=None;
 * Secure to be sent from an iframe at all.
 */
export function createSenderStore(bot: string, window: Window): SenderStore {
  const name = senderKey(bot);
  const isSecure = window.location.protocol === 'https:';
  return {
    read() {
      const fromCookie = parseKeptSender(readCookie(window.document, name));
      if (fromCookie) return fromCookie;
      try {
        return parseKeptSender(window.localStorage.getItem(name));
      } catch {
        return null;
      }
    },
    write(sender) {
      const attributes = isSecure ? 'SameSite=None; Secure' : 'SameSite=Lax';
      const text = keptSenderText(sender);
      window.document.cookie = `${name}=${text}; Path=/; Max-Age=31536000; ${attributes}`;
      try {
        window.localStorage.setItem(name, text);
      } catch {
        // storage blocked: the cookie alone keeps the id
      }
    },
  };
}

export interface ResolveSenderOptions {
  /** the frame's `sender` parameter: the embedding page's own id for its visitor, or the SENDER_ID placeholder */
  senderParam: string | null;
  /** the frame's `sender_hash` parameter: the page's signature of its id (identity verification) */
  senderHashParam?: string | null;
  store: SenderStore;
  validate(id: number): Promise<boolean>;
  random?: () => number;
  /**
   * Identity verification is on: every id needs its hash — the page's id comes with the page's, a kept one with
   * its own, and a new one is drawn and signed by the server.
   */
  verified?: { draw(): Promise<SenderIdentity> };
}

const MAX_NEW_ID_ATTEMPTS = 3;

export interface ResolvedSender extends SenderIdentity {
  /** drawn on this visit: nobody knew it before (the frame may hand it to its embedding page to keep) */
  isNew: boolean;
  /** the embedding page's own id for its visitor */
  isPageGiven: boolean;
}

/** A new sender, kept: also for a messenger whose kept one the server refused (the owner drew a new secret). */
export async function newSender(options: ResolveSenderOptions): Promise<ResolvedSender> {
  const { store, validate, verified } = options;
  if (verified) {
    const drawn = await verified.draw();
    store.write(drawn);
    return { ...drawn, isNew: true, isPageGiven: false };
  }
  const random = options.random ?? (() => randomSenderId());
  for (let attempt = 0; attempt < MAX_NEW_ID_ATTEMPTS; attempt += 1) {
    const id = random();
    if (await validate(id)) {
      store.write({ id });
      return { id, isNew: true, isPageGiven: false };
    }
  }
  throw new Error('the server refused every new sender id');
}

/**
 * The page's sender id when it gave a valid one (with its hash under identity verification), else the kept id
 * (with its hash under verification), else a new id: random and checked by the server, or drawn and signed by
 * it under verification.
 */
export async function resolveSenderId(options: ResolveSenderOptions): Promise<ResolvedSender> {
  const { senderParam, store, validate, verified } = options;
  const given = senderParam === SENDER_PLACEHOLDER ? null : parseSenderId(senderParam);
  const givenHash = parseSenderHash(options.senderHashParam);
  if (verified) {
    if (given && givenHash) return { id: given, hash: givenHash, isNew: false, isPageGiven: true };
    const kept = store.read();
    if (kept?.hash) return { ...kept, isNew: false, isPageGiven: false };
    return newSender(options);
  }
  if (given && (await validate(given))) return { id: given, isNew: false, isPageGiven: true };
  const stored = store.read();
  if (stored && (await validate(stored.id))) return { id: stored.id, isNew: false, isPageGiven: false };
  return newSender(options);
}
