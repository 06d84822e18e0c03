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

/** A random id in 1 … 2^53 − 1 from the browser's cryptographic random source. */
export function randomSenderId(random: Crypto = crypto): number {
  const [high = 0, low = 0] = random.getRandomValues(new Uint32Array(2));
  const id = (high & 0x1fffff) * 2 ** 32 + low;
  return id > 0 ? id : 1;
}

export interface SenderStore {
  read(): number | null;
  write(id: number): void;
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
      const fromCookie = parseSenderId(readCookie(window.document, name));
      if (fromCookie) return fromCookie;
      try {
        return parseSenderId(window.localStorage.getItem(name));
      } catch {
        return null;
      }
    },
    write(id) {
      const attributes = isSecure ? 'SameSite=None; Secure' : 'SameSite=Lax';
      window.document.cookie = `${name}=${id}; Path=/; Max-Age=31536000; ${attributes}`;
      try {
        window.localStorage.setItem(name, String(id));
      } catch {
        // storage blocked: the cookie alone keeps the id
      }
    },
  };
}

export interface ResolveSenderOptions {
  /** the frame's `sender` parameter: the embedding page's own id for its visitor, or the SENDER_ID placeholder */
  senderParam: string | null;
  store: SenderStore;
  validate(id: number): Promise<boolean>;
  random?: () => number;
}

const MAX_NEW_ID_ATTEMPTS = 3;

export interface ResolvedSender {
  id: number;
  /** drawn on this visit: nobody knew it before (the frame may hand it to its embedding page to keep) */
  isNew: boolean;
}

/** The page's sender id when it gave a valid one, else the stored id, else a new random id checked by the server. */
export async function resolveSenderId(options: ResolveSenderOptions): Promise<ResolvedSender> {
  const { senderParam, store, validate } = options;
  const given = senderParam === SENDER_PLACEHOLDER ? null : parseSenderId(senderParam);
  if (given && (await validate(given))) return { id: given, isNew: false };
  const stored = store.read();
  if (stored && (await validate(stored))) return { id: stored, isNew: false };
  const random = options.random ?? (() => randomSenderId());
  for (let attempt = 0; attempt < MAX_NEW_ID_ATTEMPTS; attempt += 1) {
    const id = random();
    if (await validate(id)) {
      store.write(id);
      return { id, isNew: true };
    }
  }
  throw new Error('the server refused every new sender id');
}
