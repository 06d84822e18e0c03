import { PLACE_RESULTS_MAX, type Place } from '@hiwar/contracts';
import { z } from 'zod';
import type { OutboundHttp } from '../../platform/net/outbound-http.ts';
import { askGeocoder, type GeocoderLog, readGeocoderAnswer } from './geocoder-request.ts';
import type { PlaceQuery } from './place-query.ts';

/**
 * A Nominatim server's search (`GET {NOMINATIM_URL}/search?q=…&format=jsonv2`), as OpenStreetMap's own or one an
 * operator runs. Its usage policy asks every application to say who it is in the User-Agent (a library's stock
 * one is blocked) and to cache answers; the public server also allows one request a second in all.
 */
const TIMEOUT_MS = 8_000;
const MAX_ANSWER_BYTES = 512 * 1024;

export interface NominatimSettings {
  /** NOMINATIM_URL, without a trailing slash */
  baseUrl: string;
  /** the server's PUBLIC_URL, named in the User-Agent so the Nominatim operator can tell who asks */
  publicUrl: string;
}

const idPart = z.union([z.number(), z.string()]);

/** format=jsonv2: an array of places, coordinates as decimal text. */
const searchAnswer = z.array(
  z.object({
    place_id: idPart.optional(),
    osm_type: z.string().optional(),
    osm_id: idPart.optional(),
    lat: z.string(),
    lon: z.string(),
    name: z.string().optional(),
    display_name: z.string(),
  }),
);

export function nominatimUserAgent(publicUrl: string): string {
  return `Hiwar/1 (self-hosted chatbot builder; place search${publicUrl ? `; ${publicUrl}` : ''})`;
}

export async function searchNominatim(
  http: OutboundHttp,
  settings: NominatimSettings,
  query: PlaceQuery,
  log: GeocoderLog,
): Promise<Place[]> {
  const url = new URL(`${settings.baseUrl}/search`);
  url.searchParams.set('q', query.text);
  url.searchParams.set('format', 'jsonv2');
  url.searchParams.set('limit', String(PLACE_RESULTS_MAX));
  if (query.lang) url.searchParams.set('accept-language', query.lang);
  const answer = await askGeocoder('nominatim', log, () =>
    http.request(url.toString(), {
      headers: { accept: 'application/json', 'user-agent': nominatimUserAgent(settings.publicUrl) },
      timeoutMs: TIMEOUT_MS,
      maxBytes: MAX_ANSWER_BYTES,
    }),
  );
  return readGeocoderAnswer('nominatim', answer, searchAnswer, log).flatMap((found) => {
    const lat = Number(found.lat);
    const lng = Number(found.lon);
    if (!Number.isFinite(lat) || !Number.isFinite(lng)) return [];
    const osmId = found.osm_type && found.osm_id !== undefined ? `${found.osm_type}/${found.osm_id}` : null;
    return [
      {
        id: `nominatim:${osmId ?? found.place_id ?? `${found.lat},${found.lon}`}`,
        // display_name is the whole address; its first part names the place when `name` is empty
        title: found.name?.trim() || found.display_name.split(',')[0]?.trim() || found.display_name,
        address: found.display_name,
        lat,
        lng,
      },
    ];
  });
}
