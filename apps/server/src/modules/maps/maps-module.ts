import {
  locationListParams,
  locationListQuery,
  locationListResponse,
  locationRecord,
  mapChoice,
  mapIdParams,
  mapListQuery,
  mapListResponse,
  mapSaveParams,
  ok,
  okWith,
  savedMapItemResponse,
  saveLocationRequest,
  saveMapRequest,
} from '@hiwar/contracts';
import { z } from 'zod';
import { pagesCountOf } from '../../kernel/list-paging.ts';
import { sessionOf } from '../../platform/http/auth-guard.ts';
import type { AppModule } from '../../platform/http/module.ts';
import { listMapChoices, listMapsPage } from './map-repository.ts';
import {
  deleteLocation,
  deleteMap,
  getLocation,
  getMap,
  listLocations,
  saveLocation,
  saveMap,
} from './map-service.ts';

const tags = ['maps'];
const security = [{ bearer: [] }];

/** Maps and their locations (spec part 2 §7): every call is the signed-in owner's own. Owns `maps`, `locations`. */
export const mapsModule: AppModule = {
  name: 'maps',
  routes(app, { db, requireUser }) {
    app.get(
      '/maps',
      {
        onRequest: requireUser,
        schema: { tags, security, querystring: mapListQuery, response: { 200: mapListResponse } },
      },
      async (request) => {
        const { page, keyword } = request.query;
        const { rows, total } = await listMapsPage(db, sessionOf(request).userId, { page, keyword });
        return {
          status: 1 as const,
          data: { current_page: page, data: rows },
          pages_count: pagesCountOf(total),
        };
      },
    );
    app.get(
      '/maps/list/all',
      { onRequest: requireUser, schema: { tags, security, response: { 200: okWith(z.array(mapChoice)) } } },
      async (request) => ({ status: 1 as const, data: await listMapChoices(db, sessionOf(request).userId) }),
    );
    app.get(
      '/maps/:id',
      {
        onRequest: requireUser,
        schema: { tags, security, params: mapIdParams, response: { 200: okWith(mapChoice) } },
      },
      async (request) => ({
        status: 1 as const,
        data: await getMap(db, sessionOf(request).userId, request.params.id),
      }),
    );
    app.post(
      '/maps/:id',
      {
        onRequest: requireUser,
        schema: {
          tags,
          security,
          params: mapSaveParams,
          body: saveMapRequest,
          response: { 200: savedMapItemResponse },
        },
      },
      async (request) => {
        const id = await saveMap(db, sessionOf(request).userId, request.params.id, request.body.title);
        return { status: 1 as const, data: { _id: id } };
      },
    );
    app.delete(
      '/maps/:id',
      { onRequest: requireUser, schema: { tags, security, params: mapIdParams, response: { 200: ok } } },
      async (request) => {
        await deleteMap(db, sessionOf(request).userId, request.params.id);
        return { status: 1 as const };
      },
    );

    app.get(
      '/locations/list/:map',
      {
        onRequest: requireUser,
        schema: {
          tags,
          security,
          params: locationListParams,
          querystring: locationListQuery,
          response: { 200: locationListResponse },
        },
      },
      async (request) => {
        const { page } = request.query;
        const { rows, total } = await listLocations(db, sessionOf(request).userId, {
          mapId: request.params.map,
          page,
        });
        return {
          status: 1 as const,
          data: { current_page: page, data: rows },
          pages_count: pagesCountOf(total),
        };
      },
    );
    app.get(
      '/locations/:id',
      {
        onRequest: requireUser,
        schema: { tags, security, params: mapIdParams, response: { 200: okWith(locationRecord) } },
      },
      async (request) => ({
        status: 1 as const,
        data: await getLocation(db, sessionOf(request).userId, request.params.id),
      }),
    );
    app.post(
      '/locations/:id',
      {
        onRequest: requireUser,
        schema: {
          tags,
          security,
          params: mapSaveParams,
          body: saveLocationRequest,
          response: { 200: savedMapItemResponse },
        },
      },
      async (request) => {
        const id = await saveLocation(db, sessionOf(request).userId, request.params.id, request.body);
        return { status: 1 as const, data: { _id: id } };
      },
    );
    app.delete(
      '/locations/:id',
      { onRequest: requireUser, schema: { tags, security, params: mapIdParams, response: { 200: ok } } },
      async (request) => {
        await deleteLocation(db, sessionOf(request).userId, request.params.id);
        return { status: 1 as const };
      },
    );
  },
};
