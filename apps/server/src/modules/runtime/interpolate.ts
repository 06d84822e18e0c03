import type { SenderBank } from './sender-bank.ts';

/** What the placeholders are filled from: the sender and their bank (a turn has both). */
interface PlaceholderSources {
  bank: Pick<SenderBank, 'vars' | 'msg'>;
  sender: { senderId: string; platform: string; name?: string | null; username?: string | null };
}

function textOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') {
    const place = value as { lat?: unknown; lng?: unknown };
    if (typeof place.lat === 'number' && typeof place.lng === 'number') return `${place.lat},${place.lng}`;
    return JSON.stringify(value);
  }
  return String(value);
}

/** The values `{{name}}` may name: the command's variables and the sender variables (spec part 1 §9). */
export function interpolationValues(turn: PlaceholderSources): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(turn.bank.vars)) values[name] = textOf(value);
  return {
    ...values,
    id: turn.sender.senderId,
    full_name: turn.sender.name ?? '',
    platform: turn.sender.platform,
    username: turn.sender.username ?? '',
    message: turn.bank.msg,
  };
}

/** `{{name}}` replaced by its value; unknown names stay as written so the owner sees the typo. */
export function interpolate(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{\s*([\p{L}\p{N}_-]+)\s*\}\}/gu, (whole, name: string) =>
    Object.hasOwn(values, name) ? (values[name] ?? '') : whole,
  );
}
