import { parseSenderHash } from '../frame/sender-id.ts';

/** What frame.html tells embed.js through postMessage (the frame never takes orders from the page). */
export const CLOSE_MESSAGE = 'hiwar:close';
export const SENDER_MESSAGE = 'hiwar:sender';

export type FrameMessage =
  | { type: typeof CLOSE_MESSAGE }
  /** a new sender id, with its sender_hash under identity verification */
  | { type: typeof SENDER_MESSAGE; id: number; hash?: string };

export function parseFrameMessage(data: unknown): FrameMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const { type, id, hash } = data as { type?: unknown; id?: unknown; hash?: unknown };
  if (type === CLOSE_MESSAGE) return { type };
  if (type !== SENDER_MESSAGE || typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) return null;
  if (hash === undefined) return { type, id };
  const signed = typeof hash === 'string' ? parseSenderHash(hash) : null;
  return signed ? { type, id, hash: signed } : null;
}
