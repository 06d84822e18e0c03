import type { MapLocation } from '@hiwar/contracts';
import { noteDegraded, type RenderContext } from './google-chat-render-context.ts';
import { renderText } from './render-text.ts';

function isValidPlace(place: MapLocation): boolean {
  return (
    Number.isFinite(place.lat) &&
    Number.isFinite(place.lng) &&
    Math.abs(place.lat) <= 90 &&
    Math.abs(place.lng) <= 180
  );
}

export function mapLink(place: MapLocation): string {
  return `https://www.google.com/maps/search/?api=1&query=${place.lat},${place.lng}`;
}

/** Places as one text, each its title (or coordinates) and a Google Maps link: Chat has no location message. */
export function renderLocations(locations: readonly MapLocation[], context: RenderContext): void {
  const places = locations.filter((place) => {
    if (!isValidPlace(place)) noteDegraded(context, `place "${place.title}" left out: invalid coordinates`);
    return isValidPlace(place);
  });
  if (places.length === 0) return;
  noteDegraded(context, 'location sent as a map link');
  const lines = places.map((place) => {
    const title = place.title.trim() || `${place.lat}, ${place.lng}`;
    return `${places.length > 1 ? `${places.indexOf(place) + 1}. ` : ''}${title}\n${mapLink(place)}`;
  });
  renderText(lines.join('\n'), context);
}
