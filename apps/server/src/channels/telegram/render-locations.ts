import type { MapLocation } from '@hiwar/contracts';
import { renderText } from './render-text.ts';
import { addCall, noteDegraded, type RenderContext } from './telegram-render-context.ts';

function isValidPlace(place: MapLocation): boolean {
  return (
    Number.isFinite(place.lat) &&
    Number.isFinite(place.lng) &&
    Math.abs(place.lat) <= 90 &&
    Math.abs(place.lng) <= 180
  );
}

/**
 * Places as pins (sendLocation shows no title): first one text naming them — the title of a single place, a
 * numbered list of several (an untitled one by its coordinates) — then a pin per place in the same order.
 */
export function renderLocations(locations: readonly MapLocation[], context: RenderContext): void {
  const places = locations.filter((place) => {
    if (!isValidPlace(place)) noteDegraded(context, `place "${place.title}" left out: invalid coordinates`);
    return isValidPlace(place);
  });
  const [only] = places;
  if (places.length === 1 && only && only.title.trim() !== '') renderText(only.title, context);
  if (places.length > 1) {
    const lines = places.map(
      (place, index) => `${index + 1}. ${place.title.trim() || `${place.lat}, ${place.lng}`}`,
    );
    renderText(lines.join('\n'), context);
  }
  for (const place of places) addCall(context, 'sendLocation', { latitude: place.lat, longitude: place.lng });
}
