import type { MapLocation } from '@hiwar/contracts';
import { el, externalLink } from '../dom.ts';
import type { RenderContext } from './render-context.ts';

/** An OpenStreetMap address centred on the place, with a marker: no tiles or map script in the widget. */
export function mapUrl({ lat, lng }: MapLocation): string {
  const latitude = lat.toFixed(6);
  const longitude = lng.toFixed(6);
  return `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=16/${latitude}/${longitude}`;
}

function renderLocation(location: MapLocation, context: RenderContext): HTMLElement {
  return externalLink(mapUrl(location), 'location', [
    el('span', { class: 'location-pin', 'aria-hidden': 'true' }, ['📍']),
    el('span', { class: 'location-text' }, [
      el('span', { class: 'location-title' }, [location.title || context.strings.openMap]),
      el('span', { class: 'location-coordinates', dir: 'ltr' }, [
        `${location.lat.toFixed(5)}, ${location.lng.toFixed(5)}`,
      ]),
    ]),
  ]);
}

export function renderLocations(locations: MapLocation[], context: RenderContext): HTMLElement {
  return el(
    'div',
    { class: 'locations', 'data-type': 'location' },
    locations.map((location) => renderLocation(location, context)),
  );
}
