import type { MapLocation } from '@hiwar/contracts';
import { cutText } from '../channel-text.ts';
import { WHATSAPP_LIMITS } from './whatsapp-limits.ts';
import { addMessage, noteDegraded, type RenderContext } from './whatsapp-render-context.ts';

function isValidPlace(place: MapLocation): boolean {
  return (
    Number.isFinite(place.lat) &&
    Number.isFinite(place.lng) &&
    Math.abs(place.lat) <= 90 &&
    Math.abs(place.lng) <= 180
  );
}

/** Places as location messages, each with its title as the pin's name. */
export function renderLocations(locations: readonly MapLocation[], context: RenderContext): void {
  for (const place of locations) {
    if (!isValidPlace(place)) {
      noteDegraded(context, `place "${place.title}" left out: invalid coordinates`);
      continue;
    }
    const name = cutText(place.title.trim(), WHATSAPP_LIMITS.locationNameLength);
    addMessage(context, {
      type: 'location',
      location: { latitude: place.lat, longitude: place.lng, ...(name !== '' && { name }) },
    });
  }
}
