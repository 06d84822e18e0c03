import { type DatasetDataRow, type DatasetField, datasetMessages } from '@hiwar/contracts';
import { isCompleteNumber } from './number-text.ts';
import type { RecordValues } from './records-api.ts';

/** A location as the picker edits it: the coordinates stay text while typed, so '-' and '30.' can be on the way. */
export interface LocationDraft {
  lat: string;
  lng: string;
  address: string;
}

/** One field's value while edited: text for text, number and image fields, tags for a list, a location draft. */
export type DraftValue = string | string[] | LocationDraft;
export type RecordDraft = Record<string, DraftValue>;

/** A stored location: `{type: 'Point', coordinates: [lng, lat], address}` (longitude first). */
export interface StoredLocation {
  type: 'Point';
  coordinates: [number, number];
  address: string;
}

export const emptyLocation: LocationDraft = { lat: '', lng: '', address: '' };

export function isStoredLocation(value: unknown): value is StoredLocation {
  if (value === null || typeof value !== 'object') return false;
  const { coordinates } = value as { coordinates?: unknown };
  return (
    Array.isArray(coordinates) && coordinates.length === 2 && coordinates.every((n) => typeof n === 'number')
  );
}

export function locationDraftOf(value: unknown): LocationDraft {
  if (!isStoredLocation(value)) return emptyLocation;
  const [lng, lat] = value.coordinates;
  return {
    lat: String(lat),
    lng: String(lng),
    address: typeof value.address === 'string' ? value.address : '',
  };
}

function draftValueOf(field: DatasetField, value: unknown): DraftValue {
  if (field.type === 'list') return Array.isArray(value) ? value.map(String) : [];
  if (field.type === 'location') return locationDraftOf(value);
  return value === null || value === undefined ? '' : String(value);
}

/** The modal's values for a record (or empty ones for a new record), one per field of the schema. */
export function recordDraftOf(schema: DatasetField[], record?: DatasetDataRow): RecordDraft {
  return Object.fromEntries(schema.map((field) => [field.name, draftValueOf(field, record?.[field.name])]));
}

function isInRange(text: string, limit: number) {
  return isCompleteNumber(text.trim()) && Math.abs(Number(text)) <= limit;
}

/** A location draft as the contract stores it; null when nothing is given; undefined when it cannot be one. */
export function storedLocationOf(draft: LocationDraft): StoredLocation | null | undefined {
  const [lat, lng, address] = [draft.lat.trim(), draft.lng.trim(), draft.address.trim()];
  if (lat === '' && lng === '' && address === '') return null;
  if (!isInRange(lat, 90) || !isInRange(lng, 180)) return undefined;
  return { type: 'Point', coordinates: [Number(lng), Number(lat)], address };
}

/** An image is an http(s) link or an address on this server (an upload answers `/api/uploads/…`). */
export function isImageAddress(text: string): boolean {
  if (text.startsWith('/') && !text.startsWith('//')) return true;
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

type Converted = { value: unknown } | { message: string };

function convertDraftValue(field: DatasetField, draft: DraftValue): Converted {
  if (field.type === 'list') return { value: Array.isArray(draft) ? draft : [] };
  if (field.type === 'location') {
    const location = storedLocationOf(draft as LocationDraft);
    return location === undefined ? { message: datasetMessages.locationInvalid } : { value: location };
  }
  const text = typeof draft === 'string' ? draft.trim() : '';
  if (text === '') return { value: null };
  if (field.type === 'number')
    return isCompleteNumber(text) ? { value: Number(text) } : { message: datasetMessages.numberInvalid };
  if (field.type === 'image')
    return isImageAddress(text) ? { value: text } : { message: datasetMessages.imageInvalid };
  return { value: typeof draft === 'string' ? draft : '' };
}

/** The values a save sends, or the contract's messages for the fields the server would refuse, keyed by field name. */
export function recordValuesOf(
  schema: DatasetField[],
  draft: RecordDraft,
): { values: RecordValues; errors: Record<string, string> } {
  const values: RecordValues = {};
  const errors: Record<string, string> = {};
  for (const field of schema) {
    const converted = convertDraftValue(field, draft[field.name] ?? '');
    if ('message' in converted) errors[field.name] = converted.message;
    else values[field.name] = converted.value;
  }
  return { values, errors };
}

/** The server's field errors (`record.{field}` on insert, `data.{field}` on update) keyed by field name. */
export function fieldErrorsByName(errors: Record<string, string[]>): Record<string, string> {
  const byName: Record<string, string> = {};
  for (const [key, messages] of Object.entries(errors)) {
    const name = key.replace(/^(record|data)\./, '');
    if (messages[0] && !(name in byName)) byName[name] = messages[0];
  }
  return byName;
}
