import {
  type DatasetField,
  datasetMessages,
  type ImportColumn,
  type ImportColumnTarget,
  type LocationPart,
} from '@hiwar/contracts';
import { AppError } from '../../platform/http/app-error.ts';

const partByWord: Record<string, LocationPart> = {
  lat: 'latitude',
  latitude: 'latitude',
  lng: 'longitude',
  lon: 'longitude',
  long: 'longitude',
  longitude: 'longitude',
};

/** A name's words, lowercase, however they are joined ("Place Lat", "place_lat", "place.lat", "place-lat"). */
const wordsOf = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .split(/[\s_.-]+/)
    .filter(Boolean);

/** "place_lat" → the location field named "place", its latitude; "lat" → a nameless one. */
function locationPartOf(column: string): { fieldWords: string; part: LocationPart } | null {
  const words = wordsOf(column);
  const part = partByWord[words.at(-1) ?? ''];
  return part ? { fieldWords: words.slice(0, -1).join(' '), part } : null;
}

function chosenColumn(column: string, chosen: ImportColumnTarget, schema: DatasetField[]): ImportColumn {
  if (chosen === '') return { column, field: null };
  const { field, part } = typeof chosen === 'string' ? { field: chosen, part: undefined } : chosen;
  const target = schema.find((candidate) => candidate.name === field);
  if (!target) throw AppError.invalidField(`mapping.${column}`, datasetMessages.fieldUnknown);
  if (part && target.type !== 'location') {
    throw AppError.invalidField(`mapping.${column}`, datasetMessages.importPartNotLocation);
  }
  return part ? { column, field, part } : { column, field };
}

/**
 * A location field no column is named after takes a pair of columns named for its halves: "place_lat" and
 * "place_lng", or plain "lat" and "lng" when the dataset has one location field. Only a whole pair is taken.
 */
function pairLocationColumns(mapped: ImportColumn[], schema: DatasetField[], chosen: Set<string>) {
  const locations = schema.filter((field) => field.type === 'location');
  for (const field of locations) {
    if (mapped.some((entry) => entry.field === field.name)) continue;
    const named = wordsOf(field.name).join(' ');
    const halves = mapped.filter((entry) => {
      if (entry.field !== null || chosen.has(entry.column)) return false;
      const found = locationPartOf(entry.column);
      return found && (found.fieldWords === named || (found.fieldWords === '' && locations.length === 1));
    });
    const latitude = halves.filter((entry) => locationPartOf(entry.column)?.part === 'latitude');
    const longitude = halves.filter((entry) => locationPartOf(entry.column)?.part === 'longitude');
    if (latitude.length !== 1 || longitude.length !== 1) continue;
    Object.assign(latitude[0] as ImportColumn, { field: field.name, part: 'latitude' });
    Object.assign(longitude[0] as ImportColumn, { field: field.name, part: 'longitude' });
  }
}

/** Each field takes one column, or a location field one latitude and one longitude column. */
function checkTargets(mapped: ImportColumn[]) {
  const targets = mapped.filter((entry) => entry.field !== null);
  if (targets.length === 0) throw AppError.invalidField('content', datasetMessages.importNothingMapped);
  const byField = new Map<string | null, ImportColumn[]>();
  for (const entry of targets) byField.set(entry.field, [...(byField.get(entry.field) ?? []), entry]);
  for (const entries of byField.values()) {
    const parts = new Set(entries.map((entry) => entry.part));
    const isPair = entries.length === 2 && parts.has('latitude') && parts.has('longitude');
    if (entries.length > 1 && !isPair)
      throw AppError.invalidField('mapping', datasetMessages.importColumnTwice);
    const [only] = entries;
    if (entries.length === 1 && only?.part) {
      throw AppError.invalidField(`mapping.${only.column}`, datasetMessages.importLocationHalf);
    }
  }
}

/**
 * Which field each column goes into: the mapping's choice ('' skips the column), else the field of the same
 * name (case and spaces aside), else half of a location field (see pairLocationColumns), else none.
 */
export function mapColumns(
  columns: string[],
  schema: DatasetField[],
  mapping: Record<string, ImportColumnTarget> = {},
): ImportColumn[] {
  const byName = new Map(schema.map((field) => [field.name.trim().toLowerCase(), field.name]));
  const mapped = columns.map((column): ImportColumn => {
    const chosen = mapping[column];
    if (chosen !== undefined) return chosenColumn(column, chosen, schema);
    return { column, field: byName.get(column.trim().toLowerCase()) ?? null };
  });
  pairLocationColumns(mapped, schema, new Set(Object.keys(mapping)));
  checkTargets(mapped);
  return mapped;
}
