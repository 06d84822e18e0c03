import { datasetMessages } from '@hiwar/contracts';

/**
 * A location as a file gives it, read into the stored shape `{type: 'Point', coordinates: [lng, lat], address}`
 * for the field's check to judge (ranges included). People write coordinates latitude first, as maps show them;
 * GeoJSON puts the longitude first.
 */
type Read = { ok: true; value: unknown } | { ok: false; message: string };

const accept = (value: unknown): Read => ({ ok: true, value });
const unreadable: Read = { ok: false, message: datasetMessages.locationUnreadable };

const NUMBER = String.raw`[+-]?(?:\d+(?:\.\d*)?|\.\d+)`;
/** "30.0444,31.2357", "30.0444 31.2357", "30.0444; 31.2357" */
const LAT_LNG = new RegExp(`^(${NUMBER})\\s*(?:[,;]|\\s)\\s*(${NUMBER})$`);

const isBlank = (value: unknown) =>
  value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

const pointOf = (lat: number, lng: number, address: unknown = '') => ({
  type: 'Point',
  coordinates: [lng, lat],
  address,
});

/** A GeoJSON Point, a Feature holding one (its `properties.address` kept), or a stored location. */
function readGeoJson(value: unknown): Read {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return unreadable;
  const { type, geometry, properties } = value as Record<string, unknown>;
  if (type === 'Feature') {
    const address = (properties as { address?: unknown } | null | undefined)?.address;
    const point = readGeoJson(geometry);
    return point.ok ? accept({ ...(point.value as object), address: address ?? '' }) : point;
  }
  const { coordinates, address } = value as { coordinates?: unknown; address?: unknown };
  if ((type !== undefined && type !== 'Point') || !Array.isArray(coordinates)) return unreadable;
  return accept({ type: 'Point', coordinates, address: address ?? '' });
}

/** One cell holding a whole location; a blank cell is no location. */
export function readLocationCell(value: unknown): Read {
  if (isBlank(value)) return accept(null);
  if (typeof value !== 'string') return readGeoJson(value);
  const text = value.trim();
  if (text.startsWith('{')) {
    try {
      return readGeoJson(JSON.parse(text));
    } catch {
      return unreadable;
    }
  }
  const pair = LAT_LNG.exec(text);
  return pair ? accept(pointOf(Number(pair[1]), Number(pair[2]))) : unreadable;
}

const coordinateOf = (value: unknown): number | undefined => {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string' || !new RegExp(`^${NUMBER}$`).test(value.trim())) return undefined;
  return Number(value.trim());
};

/** A location kept in two columns; both blank is no location, one blank or not a number is refused. */
export function readLocationParts(latitude: unknown, longitude: unknown): Read {
  if (isBlank(latitude) && isBlank(longitude)) return accept(null);
  const lat = coordinateOf(latitude);
  const lng = coordinateOf(longitude);
  return lat === undefined || lng === undefined ? unreadable : accept(pointOf(lat, lng));
}
