import {
  type LocationRecord,
  PLACE_RESULTS_MAX,
  type Place,
  type PlaceSearchAnswer,
  type PlaceSource,
} from '@hiwar/contracts';
import type { Config } from '../../platform/config.ts';
import type { Database } from '../../platform/db/database.ts';
import type { OutboundHttp } from '../../platform/net/outbound-http.ts';
import { searchLocationsByTitle } from '../maps/map-service.ts';
import { AnswerCache } from './answer-cache.ts';
import type { GeocoderLog } from './geocoder-request.ts';
import { searchGooglePlaces } from './google-places.ts';
import { searchNominatim } from './nominatim.ts';
import type { PlaceQuery } from './place-query.ts';

/**
 * A geocoder's answer is kept an hour, 500 searches at most: retyping a search costs no request (Nominatim's
 * policy asks for caching; Google bills each one), and an hour stays short of the time Google's terms let Places
 * content be kept.
 */
const CACHE_TTL_MS = 60 * 60 * 1000;
const CACHE_MAX_ENTRIES = 500;

export type PlaceSearchConfig = Pick<
  Config,
  'googlePlacesApiKey' | 'googlePlacesUrl' | 'nominatimUrl' | 'publicUrl'
>;

export interface PlaceSearchDeps {
  db: Database;
  config: PlaceSearchConfig;
  /** the outbound client (platform/net): the geocoder's host is vetted like any other */
  http: OutboundHttp;
  log: GeocoderLog;
  cache?: AnswerCache<Place[]>;
}

export type SearchPlaces = (userId: number, query: PlaceQuery) => Promise<PlaceSearchAnswer>;

/** The operator's choice: Google when its key is set, else Nominatim when its address is, else saved locations. */
export function placeSourceOf(config: PlaceSearchConfig): PlaceSource {
  if (config.googlePlacesApiKey !== '') return 'google';
  if (config.nominatimUrl !== '') return 'nominatim';
  return 'locations';
}

/** A saved location as a place: its x is read as the latitude and its y as the longitude. */
function placeOfLocation(location: LocationRecord): Place {
  return {
    id: `location:${location._id}`,
    title: location.title,
    address: location.map.title,
    lat: location.x,
    lng: location.y,
  };
}

/** The same search written with other spaces or capitals is one cache entry. */
function cacheKeyOf(source: PlaceSource, query: PlaceQuery): string {
  return [source, query.lang ?? '', query.text.replace(/\s+/g, ' ').toLowerCase()].join('\n');
}

/**
 * POST /google/places: a geocoder's places (cached per process, shared by every owner: they are the world's,
 * not the owner's), or the owner's own saved locations (never cached: they change with each save).
 */
export function createPlaceSearch(deps: PlaceSearchDeps): SearchPlaces {
  const { db, config, http, log } = deps;
  const cache =
    deps.cache ?? new AnswerCache<Place[]>({ ttlMs: CACHE_TTL_MS, maxEntries: CACHE_MAX_ENTRIES });
  const source = placeSourceOf(config);
  const askGeocoder = (query: PlaceQuery) =>
    source === 'google'
      ? searchGooglePlaces(
          http,
          { baseUrl: config.googlePlacesUrl, apiKey: config.googlePlacesApiKey },
          query,
          log,
        )
      : searchNominatim(http, { baseUrl: config.nominatimUrl, publicUrl: config.publicUrl }, query, log);

  return async (userId, query) => {
    if (source === 'locations') {
      const locations = await searchLocationsByTitle(db, userId, query.text, PLACE_RESULTS_MAX);
      return { source, places: locations.map(placeOfLocation) };
    }
    const places = await cache.get(cacheKeyOf(source, query), () => askGeocoder(query));
    return { source, places: places.slice(0, PLACE_RESULTS_MAX) };
  };
}
