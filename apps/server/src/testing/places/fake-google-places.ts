import {
  cairoPlaces,
  type FakeAnswer,
  type FakeGeocoderServer,
  type FakePlace,
  matchingPlaces,
  startFakeGeocoderServer,
} from './fake-geocoder.ts';

/**
 * A fake Places API (New) Text Search on 127.0.0.1, as strict as Google where a client could notice:
 * `POST /v1/places:searchText` only; no X-Goog-Api-Key → 403 PERMISSION_DENIED, another key → 400 "API key not
 * valid"; no X-Goog-FieldMask → 400, a field mask naming what a Place has not → 400; a body that is not a JSON
 * object with a non-empty `textQuery`, or with a field Text Search does not take → 400. It answers only the
 * fields the mask asks for (so a forgotten `places.location` shows), names in `languageCode`, at most `pageSize`
 * places, and `{}` when nothing matches. Errors are Google's `{error: {code, message, status}}`.
 *
 *   const google = await startFakeGooglePlaces({ apiKey: 'test-key' });
 *   // config { googlePlacesApiKey: 'test-key', googlePlacesUrl: google.url, outboundAllow: ['127.0.0.1'] }
 */
export interface FakeGooglePlaces extends FakeGeocoderServer {
  /** the key it takes; a test changes it to make the server's key a wrong one */
  apiKey: string;
}

const PLACE_FIELDS = new Set(['id', 'displayName', 'formattedAddress', 'location', 'types', 'rating']);
const REQUEST_FIELDS = new Set([
  'textQuery',
  'languageCode',
  'regionCode',
  'pageSize',
  'maxResultCount',
  'pageToken',
  'locationBias',
  'includedType',
]);

const googleStatusOf: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};

function googleError(code: number, message: string): FakeAnswer {
  return {
    status: code,
    body: JSON.stringify({ error: { code, message, status: googleStatusOf[code] ?? 'UNKNOWN' } }),
  };
}

/** The place's fields the mask asks for, as the API names them. */
function maskedPlace(place: FakePlace, mask: Set<string>, language: string): Record<string, unknown> {
  const name = language === 'ar' && place.names.ar ? place.names.ar : place.names.en;
  const fields: Record<string, unknown> = {
    id: place.id,
    displayName: { text: name, languageCode: language === 'ar' && place.names.ar ? 'ar' : 'en' },
    formattedAddress: place.address,
    location: { latitude: place.lat, longitude: place.lng },
  };
  return Object.fromEntries(Object.entries(fields).filter(([field]) => mask.has('*') || mask.has(field)));
}

/** The Place fields a mask names, or an error message for the first path that is not one. */
function fieldsOfMask(mask: string): Set<string> | string {
  const fields = new Set<string>();
  for (const path of mask.split(',').map((part) => part.trim())) {
    if (path === '*') fields.add('*');
    else if (path.startsWith('places.') && PLACE_FIELDS.has(path.slice('places.'.length)))
      fields.add(path.slice('places.'.length));
    else return `Invalid field: ${path}`;
  }
  return fields;
}

function searchText(
  request: { headers: Record<string, string | string[] | undefined>; body: string },
  apiKey: string,
  places: FakePlace[],
): FakeAnswer {
  const key = request.headers['x-goog-api-key'];
  if (key === undefined) return googleError(403, 'The request is missing a valid API key.');
  if (key !== apiKey) return googleError(400, 'API key not valid. Please pass a valid API key.');
  const maskHeader = request.headers['x-goog-fieldmask'];
  if (typeof maskHeader !== 'string' || maskHeader.trim() === '')
    return googleError(400, 'FieldMask is a required parameter.');
  const mask = fieldsOfMask(maskHeader);
  if (typeof mask === 'string') return googleError(400, mask);
  if (!String(request.headers['content-type']).startsWith('application/json'))
    return googleError(400, 'Invalid JSON payload received.');
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(request.body);
  } catch {
    return googleError(400, 'Invalid JSON payload received.');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return googleError(400, 'Invalid JSON payload received.');
  const unknown = Object.keys(body).find((field) => !REQUEST_FIELDS.has(field));
  if (unknown)
    return googleError(400, `Invalid JSON payload received. Unknown name "${unknown}": Cannot find field.`);
  const { textQuery, pageSize = 20, languageCode = 'en' } = body;
  if (typeof textQuery !== 'string' || textQuery.trim() === '') return googleError(400, 'Empty text_query.');
  if (!Number.isInteger(pageSize) || (pageSize as number) < 1)
    return googleError(400, 'Invalid page_size: must be a positive number.');
  if (typeof languageCode !== 'string') return googleError(400, 'Invalid language_code.');
  const found = matchingPlaces(places, textQuery).slice(0, Math.min(pageSize as number, 20));
  const answer =
    found.length === 0 ? {} : { places: found.map((place) => maskedPlace(place, mask, languageCode)) };
  return { status: 200, body: JSON.stringify(answer) };
}

export async function startFakeGooglePlaces(
  options: { apiKey?: string; places?: FakePlace[] } = {},
): Promise<FakeGooglePlaces> {
  const places = options.places ?? cairoPlaces;
  const server = await startFakeGeocoderServer(
    (request, url) =>
      request.method === 'POST' && url.pathname === '/v1/places:searchText' && url.search === ''
        ? searchText(request, fake.apiKey, places)
        : googleError(404, `Method not found: ${request.method} ${url.pathname}`),
    (failure) =>
      googleError(
        failure.status,
        failure.status === 429
          ? "Quota exceeded for quota metric 'SearchTextRequest' and limit 'SearchTextRequest per minute'."
          : 'Internal error encountered.',
      ),
  );
  // read at each request (after this line has run)
  const fake: FakeGooglePlaces = { ...server, apiKey: options.apiKey ?? 'test-places-key' };
  return fake;
}
