import {
  FOLD_DROPPED,
  FOLD_FROM,
  FOLD_TO,
} from '../../platform/db/migrations/0016-dataset-records-folded-search.ts';
import { textsOf } from './field-values.ts';

/** A condition of a dataset query (runtime `ds` responses), its value already resolved to text. */
export type QueryOperator = '=' | '!=' | '>=' | '<=' | 'LIKE' | 'NEARBY';

export interface QueryCondition {
  /** a field of the dataset's schema, or `__status` / `__sender_id` */
  field: string;
  operator: QueryOperator;
  value: string;
  /** NEARBY only: the point to measure from and the radius */
  near?: { lat: number; lng: number; radiusKm: number };
}

/** A record as a query reads it. */
export interface QueriedRecord {
  id: number;
  data: Record<string, unknown>;
  senderId: string;
  status: number;
  /** km from the first NEARBY condition's point; null without one */
  distanceKm: number | null;
}

const foldMap = new Map<string, string>([
  ...[...FOLD_FROM].map((letter, index): [string, string] => [letter, [...FOLD_TO][index] ?? '']),
  ...[...FOLD_DROPPED].map((letter): [string, string] => [letter, '']),
]);
const foldPattern = new RegExp(`[${FOLD_FROM}${FOLD_DROPPED}]`, 'gu');

/** Lowercase with Arabic letter forms, diacritics, tatweel and German umlauts folded (as migration 0016's SQL). */
export function foldText(text: string): string {
  return text.toLowerCase().replace(foldPattern, (letter) => foldMap.get(letter) ?? letter);
}

const NUMBER = /^-?\d+(\.\d+)?$/;

export function numberOf(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && NUMBER.test(value.trim())) return Number(value.trim());
  return undefined;
}

/** A dataset location `{coordinates: [lng, lat]}` (or a `{lat, lng}`) as a point. */
export function pointOf(value: unknown): { lat: number; lng: number } | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const { coordinates, lat, lng } = value as { coordinates?: unknown; lat?: unknown; lng?: unknown };
  if (Array.isArray(coordinates)) {
    const [longitude, latitude] = coordinates.map(numberOf);
    return latitude !== undefined && longitude !== undefined ? { lat: latitude, lng: longitude } : undefined;
  }
  const [latitude, longitude] = [numberOf(lat), numberOf(lng)];
  return latitude !== undefined && longitude !== undefined ? { lat: latitude, lng: longitude } : undefined;
}

export const EARTH_RADIUS_KM = 6371.0088;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance (haversine). */
export function distanceKm(from: { lat: number; lng: number }, to: { lat: number; lng: number }): number {
  const dLat = radians(to.lat - from.lat);
  const dLng = radians(to.lng - from.lng);
  const a =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(from.lat)) * Math.cos(radians(to.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

function fieldValue(record: QueriedRecord, field: string): unknown {
  if (field === '__status') return record.status;
  if (field === '__sender_id') return record.senderId;
  return Object.hasOwn(record.data, field) ? record.data[field] : undefined;
}

function isEqual(text: string, value: string): boolean {
  const [left, right] = [numberOf(text), numberOf(value)];
  if (left !== undefined && right !== undefined) return left === right;
  return text === value.trim();
}

function compares(texts: string[], operator: '>=' | '<=', value: string): boolean {
  const right = numberOf(value);
  return texts.some((text) => {
    const left = numberOf(text);
    if (left !== undefined && right !== undefined) return operator === '>=' ? left >= right : left <= right;
    const order = text.localeCompare(value.trim());
    return operator === '>=' ? order >= 0 : order <= 0;
  });
}

/**
 * Whether a record meets one condition. `=`/`!=` compare numbers as numbers and texts exactly (a list matches
 * when one item does); `>=`/`<=` numbers as numbers; LIKE "contains", folded; NEARBY within the radius.
 * Returns the distance for NEARBY, true/false otherwise.
 */
export function meetsCondition(record: QueriedRecord, condition: QueryCondition): boolean | number {
  const value = fieldValue(record, condition.field);
  const texts = textsOf(value);
  switch (condition.operator) {
    case '=':
      return texts.some((text) => isEqual(text, condition.value));
    case '!=':
      return !texts.some((text) => isEqual(text, condition.value));
    case '>=':
    case '<=':
      return compares(texts, condition.operator, condition.value);
    case 'LIKE': {
      const needle = foldText(condition.value.trim());
      return texts.some((text) => foldText(text).includes(needle));
    }
    case 'NEARBY': {
      const point = pointOf(value);
      if (!point || !condition.near) return false;
      const distance = distanceKm(condition.near, point);
      return distance <= condition.near.radiusKm ? distance : false;
    }
  }
}

/** The record when it meets every condition (with its distance from the first NEARBY one), else null. */
export function matchRecord(
  record: QueriedRecord,
  conditions: readonly QueryCondition[],
): QueriedRecord | null {
  let distance: number | null = null;
  for (const condition of conditions) {
    const met = meetsCondition(record, condition);
    if (met === false) return null;
    if (typeof met === 'number' && distance === null) distance = met;
  }
  return { ...record, distanceKm: distance };
}
