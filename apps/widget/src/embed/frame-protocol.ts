/** What frame.html tells embed.js through postMessage (the frame never takes orders from the page). */
export const CLOSE_MESSAGE = 'hiwar:close';
export const SENDER_MESSAGE = 'hiwar:sender';

export type FrameMessage = { type: typeof CLOSE_MESSAGE } | { type: typeof SENDER_MESSAGE; id: number };

export function parseFrameMessage(data: unknown): FrameMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const { type, id } = data as { type?: unknown; id?: unknown };
  if (type === CLOSE_MESSAGE) return { type };
  if (type === SENDER_MESSAGE && typeof id === 'number' && Number.isSafeInteger(id) && id > 0)
    return { type, id };
  return null;
}
