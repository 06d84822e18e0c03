import { z } from 'zod';
import { okWith } from './envelope.ts';

/** Messages of the place search (POST /google/places); the console shows them in the owner's language. */
export const placeMessages = {
  textRequired: 'The text field is required',
  textTooLong: 'The text may not be greater than 200 characters',
  tooManySearches: 'Too many place searches, please try again in a minute',
  serviceBusy: 'The place search service is busy, please try again in a minute',
  serviceUnavailable: 'The place search service could not be reached, please try again later',
  serviceRefused:
    "The place search service refused the server's request: the server's operator should check its key and address",
  addressNotAllowed:
    "The place search server is at a local or private address: the server's operator can allow it with OUTBOUND_ALLOW",
} as const;

export const PLACE_TEXT_MAX = 200;
/** Places one search answers at most. */
export const PLACE_RESULTS_MAX = 10;

/**
 * Where the places came from: Google Places Text Search (GOOGLE_PLACES_API_KEY), a Nominatim server
 * (NOMINATIM_URL), or, with neither, the owner's own saved map locations.
 */
export const placeSources = ['google', 'nominatim', 'locations'] as const;
export type PlaceSource = (typeof placeSources)[number];

/** The console's languages; the geocoder answers names and addresses in it where it can. */
export const placeLanguages = ['en', 'ar'] as const;

/** POST /google/places (spec part 2 §7: `{text}`) */
export const placeSearchRequest = z.object({
  text: z
    .string({ error: placeMessages.textRequired })
    .trim()
    .min(1, placeMessages.textRequired)
    .max(PLACE_TEXT_MAX, placeMessages.textTooLong),
  lang: z.enum(placeLanguages).optional(),
});
export type PlaceSearchRequest = z.input<typeof placeSearchRequest>;

export const place = z.object({
  /** `google:<place id>`, `nominatim:<osm type>/<osm id>` or `location:<location id>` */
  id: z.string(),
  title: z.string(),
  /** the geocoder's address; a saved location's map title */
  address: z.string(),
  /** a saved location's x */
  lat: z.number(),
  /** a saved location's y */
  lng: z.number(),
});
export type Place = z.infer<typeof place>;

export const placeSearchResponse = okWith(
  z.object({ source: z.enum(placeSources), places: z.array(place).max(PLACE_RESULTS_MAX) }),
);
export type PlaceSearchAnswer = z.infer<typeof placeSearchResponse>['data'];
