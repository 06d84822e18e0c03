import { pointOf } from '../datasets/dataset-record-match.ts';
import { findNearestLocations } from '../maps/location-repository.ts';
import type { ComponentContext, ComponentDefinition } from './built-in-component.ts';

const LAT_LNG_TEXT = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/;

/** A location variable's value: a shared `{lat, lng}` as stored, or the text "lat,lng". */
function latLngIn(value: unknown): { lat: number; lng: number } | undefined {
  if (typeof value !== 'string') return pointOf(value);
  const match = LAT_LNG_TEXT.exec(value);
  return match ? { lat: Number(match[1]), lng: Number(match[2]) } : undefined;
}

/**
 * Where "nearest" measures from: the location shared with this message, else a location in the sender's bank.
 * A location's x and y are coordinates in its map's own plane (a floor plan, or a geographic map whose x is the
 * latitude and y the longitude — as the console's map picker and place search read them), so a shared point
 * enters the plane as x = lat, y = lng.
 */
function originOf(context: ComponentContext): { x: number; y: number } | null {
  const point = context.location ?? Object.values(context.vars).map(latLngIn).find(Boolean);
  return point ? { x: point.lat, y: point.lng } : null;
}

/** Places › Map locations nearest first: the owner's named locations, by plain distance in the map's units. */
export const mapLocationsComponent: ComponentDefinition = {
  id: 3,
  name: 'Map locations nearest first',
  category: 'Places',
  description:
    'The locations of your maps (or of the map a variable named map names by title), nearest first from the location the sender shared; distance is measured in the map’s own x/y units.',
  fields: [
    { name: 'title', label: 'Location' },
    { name: 'map', label: 'Map' },
    { name: 'x', label: 'X' },
    { name: 'y', label: 'Y' },
    { name: 'yaw', label: 'Yaw' },
    { name: 'distance', label: 'Distance (map units)' },
  ],
  dataTypes: ['single', 'multi'],
  defaultTitleKey: 'title',
  provide: async (context, limit) => {
    const origin = originOf(context);
    const mapTitle = context.values.map?.trim() || null;
    const locations = await findNearestLocations(context.db, context.ownerId, { mapTitle, origin, limit });
    return locations.map((location) => ({
      title: location.title,
      map: location.map.title,
      x: location.x,
      y: location.y,
      yaw: location.yaw,
      distance: origin
        ? Math.round(Math.hypot(location.x - origin.x, location.y - origin.y) * 100) / 100
        : null,
    }));
  },
};
