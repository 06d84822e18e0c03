import { placeMessages, placeSearchRequest, placeSearchResponse } from '@hiwar/contracts';
import { AppError } from '../../platform/http/app-error.ts';
import { sessionOf } from '../../platform/http/auth-guard.ts';
import type { AppModule } from '../../platform/http/module.ts';
import { SharedRateLimiter } from '../../platform/rate-limit/shared-limiter.ts';
import { createPlaceSearch } from './place-search.ts';

const tags = ['places'];
const security = [{ bearer: [] }];

/** Searches one owner may make in a minute: a person typing, not a script walking the geocoder's quota. */
export const PLACE_SEARCHES_PER_MINUTE = 30;
const WINDOW_MS = 60_000;

/** POST /google/places (spec part 2 §7, README.md here). Reads the owner's maps through the maps module. */
export const placesModule: AppModule = {
  name: 'places',
  routes(app, { db, config, outbound, requireUser }) {
    const searchPlaces = createPlaceSearch({ db, config, http: outbound.http, log: app.log });
    // counted in the database, so every server process and a restart share one count per owner
    const limiter = new SharedRateLimiter(db, {
      name: 'places.search',
      limit: PLACE_SEARCHES_PER_MINUTE,
      windowMs: WINDOW_MS,
    });

    app.post(
      '/google/places',
      {
        onRequest: requireUser,
        schema: { tags, security, body: placeSearchRequest, response: { 200: placeSearchResponse } },
      },
      async (request) => {
        const { userId } = sessionOf(request);
        if (!(await limiter.take(String(userId)))) {
          const windowLeftMs = WINDOW_MS - (Date.now() % WINDOW_MS);
          throw AppError.retryLater('throttled', placeMessages.tooManySearches, windowLeftMs / 1000);
        }
        return { status: 1 as const, data: await searchPlaces(userId, request.body) };
      },
    );
  },
};
