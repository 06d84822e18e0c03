import { westernDigits } from '../entities/western-digits.ts';
import type { GeoPoint } from './variable-spec.ts';

const LAT_LNG = /(-?\d{1,2}(?:\.\d+)?)\s*[,،;]\s*(-?\d{1,3}(?:\.\d+)?)/;

export interface LocationMatch {
  value: GeoPoint;
  start: number;
  end: number;
}

/** "24.7136, 46.6753" (also with Arabic-Indic digits or an Arabic comma) as a point, if in range. */
export function readLocation(text: string): LocationMatch | null {
  const match = westernDigits(text).match(LAT_LNG);
  if (!match || match.index === undefined) return null;
  const lat = Number(match[1]);
  const lng = Number(match[2]);
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { value: { lat, lng }, start: match.index, end: match.index + match[0].length };
}
