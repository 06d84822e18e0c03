import {
  cairoPlaces,
  type FakeAnswer,
  type FakeGeocoderServer,
  type FakePlace,
  matchingPlaces,
  startFakeGeocoderServer,
} from './fake-geocoder.ts';

/**
 * A fake Nominatim search on 127.0.0.1: `GET /search?q=…&format=jsonv2[&limit=1..40][&accept-language=…]`.
 * Stricter than a real one where a client could slip: another path → 404, no `q` → 400 "Nothing to search for",
 * a format other than jsonv2 or an unknown parameter → 400 (a real server would answer another format or ignore
 * it). Like OpenStreetMap's public server, it blocks (403) a request without a User-Agent that names its
 * application: none, a library's stock one, or the outbound client's bare default. It answers jsonv2 places
 * (coordinates as text, the name in `accept-language`), `[]` when nothing matches; a queued 429 is plain text.
 */
const PARAMETERS = new Set(['q', 'format', 'limit', 'accept-language']);
const STOCK_AGENTS = /^(node|undici|axios|python|curl|wget|go-http-client|java|okhttp)\b|^hiwar$/i;

function nominatimError(code: number, message: string): FakeAnswer {
  return { status: code, body: JSON.stringify({ error: { code, message } }) };
}

/** A place as format=jsonv2 has it; `index` (its place in the fake's list) makes its ids. */
function jsonv2Place(place: FakePlace, index: number, language: string) {
  const name = language === 'ar' && place.names.ar ? place.names.ar : place.names.en;
  return {
    place_id: 1000 + index,
    licence: 'Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright',
    osm_type: 'way',
    osm_id: 4_000_000 + index,
    lat: place.lat.toFixed(7),
    lon: place.lng.toFixed(7),
    category: 'tourism',
    type: 'attraction',
    place_rank: 30,
    importance: 0.5,
    addresstype: 'tourism',
    name,
    display_name: `${name}, ${place.address}`,
    boundingbox: [
      (place.lat - 0.001).toFixed(7),
      (place.lat + 0.001).toFixed(7),
      (place.lng - 0.001).toFixed(7),
      (place.lng + 0.001).toFixed(7),
    ],
  };
}

function search(
  headers: Record<string, string | string[] | undefined>,
  query: URLSearchParams,
  places: FakePlace[],
): FakeAnswer {
  const agent = headers['user-agent'];
  if (typeof agent !== 'string' || agent.trim() === '' || STOCK_AGENTS.test(agent.trim()))
    return { status: 403, contentType: 'text/plain', body: 'Access blocked: see the usage policy.' };
  const unknown = [...query.keys()].find((name) => !PARAMETERS.has(name));
  if (unknown) return nominatimError(400, `Parameter '${unknown}' not supported by this fake.`);
  const text = query.get('q') ?? '';
  if (text.trim() === '') return nominatimError(400, 'Nothing to search for.');
  if (query.get('format') !== 'jsonv2')
    return nominatimError(400, "Parameter 'format': must be jsonv2 for this fake.");
  const limit = Number(query.get('limit') ?? 10);
  if (!Number.isInteger(limit) || limit < 1 || limit > 40)
    return nominatimError(400, "Parameter 'limit': must be an integer from 1 to 40.");
  const language = query.get('accept-language') ?? 'en';
  const found = matchingPlaces(places, text).slice(0, limit);
  return {
    status: 200,
    body: JSON.stringify(found.map((place) => jsonv2Place(place, places.indexOf(place), language))),
  };
}

export async function startFakeNominatim(
  options: { places?: FakePlace[] } = {},
): Promise<FakeGeocoderServer> {
  const places = options.places ?? cairoPlaces;
  return startFakeGeocoderServer(
    (request, url) =>
      request.method === 'GET' && url.pathname === '/search'
        ? search(request.headers, url.searchParams, places)
        : nominatimError(404, 'Not found'),
    (failure) =>
      failure.status === 429
        ? { status: 429, contentType: 'text/plain', body: 'Too Many Requests' }
        : nominatimError(failure.status, 'Internal Server Error'),
  );
}
