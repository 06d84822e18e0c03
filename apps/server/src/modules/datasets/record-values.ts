import { type DatasetField, type DatasetFieldType, datasetMessages } from '@hiwar/contracts';
import { textsOf } from './field-values.ts';

/** The longest text value and list a record keeps (a cell, not a document). */
const MAX_TEXT_LENGTH = 10_000;
const MAX_LIST_ITEMS = 200;

type Checked = { ok: true; value: unknown } | { ok: false; message: string };

const accept = (value: unknown): Checked => ({ ok: true, value });
const refuse = (message: string): Checked => ({ ok: false, message });
const isNumeric = (text: string) => /^-?\d+(\.\d+)?$/.test(text);

function checkNumber(value: unknown): Checked {
  if (typeof value === 'number')
    return Number.isFinite(value) ? accept(value) : refuse(datasetMessages.numberInvalid);
  if (typeof value === 'string' && isNumeric(value.trim())) return accept(Number(value.trim()));
  return refuse(datasetMessages.numberInvalid);
}

function checkText(value: unknown): Checked {
  if (typeof value === 'number' && Number.isFinite(value)) return accept(String(value));
  if (typeof value !== 'string' || value.length > MAX_TEXT_LENGTH) return refuse(datasetMessages.textInvalid);
  return accept(value);
}

/** A list is texts; a comma-separated text is read as its items (how a CSV cell or a typed cell gives one). */
function checkList(value: unknown): Checked {
  const items = typeof value === 'string' ? value.split(',') : value;
  if (!Array.isArray(items) || items.length > MAX_LIST_ITEMS) return refuse(datasetMessages.listInvalid);
  const texts: string[] = [];
  for (const item of items) {
    const text = checkText(item);
    if (!text.ok) return refuse(datasetMessages.listInvalid);
    const trimmed = String(text.value).trim();
    if (trimmed !== '') texts.push(trimmed);
  }
  return accept(texts);
}

const coordinateOf = (value: unknown): number | undefined => {
  const checked = checkNumber(value);
  return checked.ok ? (checked.value as number) : undefined;
};

/** A location is `{type: 'Point', coordinates: [lng, lat], address}` (GeoJSON order: longitude first). */
function checkLocation(value: unknown): Checked {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return refuse(datasetMessages.locationInvalid);
  }
  const { coordinates, address } = value as { coordinates?: unknown; address?: unknown };
  if (!Array.isArray(coordinates) || coordinates.length !== 2) return refuse(datasetMessages.locationInvalid);
  const lng = coordinateOf(coordinates[0]);
  const lat = coordinateOf(coordinates[1]);
  if (lng === undefined || lat === undefined || Math.abs(lng) > 180 || Math.abs(lat) > 90) {
    return refuse(datasetMessages.locationInvalid);
  }
  const addressText = address === undefined || address === null ? '' : checkText(address);
  if (typeof addressText !== 'string' && !addressText.ok) return refuse(datasetMessages.locationInvalid);
  return accept({
    type: 'Point',
    coordinates: [lng, lat],
    address: typeof addressText === 'string' ? addressText : addressText.value,
  });
}

/** An image is a link: http(s), or a path on this server (an upload). */
function checkImage(value: unknown): Checked {
  if (typeof value !== 'string' || value.length > 2048) return refuse(datasetMessages.imageInvalid);
  const link = value.trim();
  if (link.startsWith('/') && !link.startsWith('//')) return accept(link);
  try {
    const url = new URL(link);
    return url.protocol === 'http:' || url.protocol === 'https:'
      ? accept(link)
      : refuse(datasetMessages.imageInvalid);
  } catch {
    return refuse(datasetMessages.imageInvalid);
  }
}

const checkerByType: Record<DatasetFieldType, (value: unknown) => Checked> = {
  text: checkText,
  number: checkNumber,
  list: checkList,
  location: checkLocation,
  image: checkImage,
};

/** One value for a field of `type`: null, undefined and '' store as null; anything else must fit the type. */
export function checkFieldValue(type: DatasetFieldType, value: unknown): Checked {
  if (value === null || value === undefined || value === '') return accept(null);
  return checkerByType[type](value);
}

/**
 * Checks values against the dataset's schema: each key must be a field, each value must fit its type (numbers
 * are stored as numbers). Answers the stored values, or the field errors keyed `{prefix}{field}`.
 */
export function checkRecordValues(
  schema: DatasetField[],
  values: Record<string, unknown>,
  prefix: string,
): { values: Record<string, unknown>; errors: Record<string, string[]> } {
  const checked: Record<string, unknown> = {};
  const errors: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(values)) {
    const field = schema.find((candidate) => candidate.name === name);
    if (!field) {
      errors[`${prefix}${name}`] = [datasetMessages.fieldUnknown];
      continue;
    }
    const result = checkFieldValue(field.type, value);
    if (result.ok) checked[name] = result.value;
    else errors[`${prefix}${name}`] = [result.message];
  }
  return { values: checked, errors };
}

/**
 * A value carried over when its field changes type: as text it keeps its words (a list joined, a location's
 * address); otherwise it stays when it fits the new type and is cleared when it does not.
 */
export function convertFieldValue(value: unknown, type: DatasetFieldType): unknown {
  if (type === 'text') {
    const text = textsOf(value).join(', ');
    return text === '' ? null : text;
  }
  const result = checkFieldValue(type, value);
  return result.ok ? result.value : null;
}

/**
 * The lowercase text a keyword search matches: every value of the record (whose keys are the schema's fields),
 * one line per value so a keyword never matches across two fields.
 */
export function searchTextOf(data: Record<string, unknown>): string {
  return Object.values(data)
    .flatMap((value) => textsOf(value))
    .filter((text) => text !== '')
    .join('\n')
    .toLowerCase();
}
