import { PLACE_RESULTS_MAX, type Place } from '@hiwar/contracts';
import { z } from 'zod';
import type { OutboundHttp } from '../../platform/net/outbound-http.ts';
import { askGeocoder, type GeocoderLog, readGeocoderAnswer } from './geocoder-request.ts';
import type { PlaceQuery } from './place-query.ts';

/**
 * Google Places API (New) Text Search: `POST {GOOGLE_PLACES_URL}/v1/places:searchText` with the key in
 * X-Goog-Api-Key and the fields wanted in X-Goog-FieldMask (required: without one Google answers an error, and it
 * bills by the fields asked for — only the four the search shows). `pageSize` (1–20) replaced `maxResultCount`.
 */
export const GOOGLE_FIELD_MASK = 'places.id,places.displayName,places.formattedAddress,places.location';
const TIMEOUT_MS = 8_000;
const MAX_ANSWER_BYTES = 512 * 1024;

export interface GooglePlacesSettings {
  /** GOOGLE_PLACES_URL, without a trailing slash */
  baseUrl: string;
  /** GOOGLE_PLACES_API_KEY */
  apiKey: string;
}

/** The answer's places with the masked fields; an answer with no match is `{}`. */
const searchTextAnswer = z.object({
  places: z
    .array(
      z.object({
        id: z.string(),
        displayName: z.object({ text: z.string() }).optional(),
        formattedAddress: z.string().optional(),
        location: z.object({ latitude: z.number(), longitude: z.number() }).optional(),
      }),
    )
    .optional(),
});

export async function searchGooglePlaces(
  http: OutboundHttp,
  settings: GooglePlacesSettings,
  query: PlaceQuery,
  log: GeocoderLog,
): Promise<Place[]> {
  const answer = await askGeocoder('google', log, () =>
    http.request(`${settings.baseUrl}/v1/places:searchText`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-goog-api-key': settings.apiKey,
        'x-goog-fieldmask': GOOGLE_FIELD_MASK,
      },
      body: JSON.stringify({
        textQuery: query.text,
        pageSize: PLACE_RESULTS_MAX,
        ...(query.lang && { languageCode: query.lang }),
      }),
      timeoutMs: TIMEOUT_MS,
      maxBytes: MAX_ANSWER_BYTES,
      // the key travels in a header the client keeps across origins: follow no redirect
      maxRedirects: 0,
    }),
  );
  const { places = [] } = readGeocoderAnswer('google', answer, searchTextAnswer, log);
  return places.flatMap(({ id, displayName, formattedAddress = '', location }) =>
    location
      ? [
          {
            id: `google:${id}`,
            title: displayName?.text || formattedAddress || id,
            address: formattedAddress,
            lat: location.latitude,
            lng: location.longitude,
          },
        ]
      : [],
  );
}
