import L from 'leaflet';
import 'leaflet/dist/leaflet.css';

/** Spec part 2 §9: the map opens at about 30.04, 31.24 (Cairo), zoom 8. */
export const DEFAULT_CENTER: [number, number] = [30.04, 31.24];
export const DEFAULT_ZOOM = 8;
const TILES = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

export interface LocationMap {
  /** marks the point (or clears the mark) and brings it into view */
  showPoint: (point: [number, number] | null) => void;
  destroy: () => void;
}

/**
 * A Leaflet map in `container` where a click picks a point. Loaded only when a location picker opens (this file
 * is imported dynamically), so Leaflet stays out of the console's first load. Without tiles (offline) the map
 * is blank but a click still picks the point under it. The mark is a circle, which needs no marker images.
 */
export function mountLocationMap(
  container: HTMLElement,
  point: [number, number] | null,
  onPick: (lat: number, lng: number) => void,
): LocationMap {
  const map = L.map(container, { center: point ?? DEFAULT_CENTER, zoom: DEFAULT_ZOOM });
  L.tileLayer(TILES, { maxZoom: 19, attribution: '&copy; OpenStreetMap contributors' }).addTo(map);
  let mark: L.CircleMarker | null = null;
  map.on('click', (event: L.LeafletMouseEvent) => onPick(event.latlng.lat, event.latlng.lng));

  function showPoint(next: [number, number] | null) {
    if (!next) {
      mark?.remove();
      mark = null;
      return;
    }
    if (mark) mark.setLatLng(next);
    else mark = L.circleMarker(next, { radius: 8 }).addTo(map);
    if (!map.getBounds().contains(next)) map.panTo(next);
  }

  showPoint(point);
  return { showPoint, destroy: () => map.remove() };
}
