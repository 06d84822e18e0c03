import { advertiseListResponse, idParam, ok, saveAdvertisesRequest } from '@hiwar/contracts';
import { z } from 'zod';
import { sessionOf } from '../../platform/http/auth-guard.ts';
import type { AppModule } from '../../platform/http/module.ts';
import { deleteAdvertise, listAdvertises, saveAdvertises } from './advertise-service.ts';

const tags = ['advertises'];
const security = [{ bearer: [] }];
const commandParams = z.object({ command_id: idParam });

export const advertisesModule: AppModule = {
  name: 'advertises',
  routes(app, { db, requireUser }) {
    app.get(
      '/command_advertises/get/:command_id',
      {
        onRequest: requireUser,
        schema: { tags, security, params: commandParams, response: { 200: advertiseListResponse } },
      },
      async (request) => ({
        status: 1 as const,
        data: await listAdvertises(db, sessionOf(request).userId, request.params.command_id),
      }),
    );
    app.post(
      '/command_advertises/save/:command_id',
      {
        onRequest: requireUser,
        schema: {
          tags,
          security,
          params: commandParams,
          body: saveAdvertisesRequest,
          response: { 200: advertiseListResponse },
        },
      },
      async (request) => ({
        status: 1 as const,
        data: await saveAdvertises(
          db,
          sessionOf(request).userId,
          request.params.command_id,
          request.body.data,
        ),
      }),
    );
    app.delete(
      '/command_advertises/:id',
      {
        onRequest: requireUser,
        schema: { tags, security, params: z.object({ id: idParam }), response: { 200: ok } },
      },
      async (request) => {
        await deleteAdvertise(db, sessionOf(request).userId, request.params.id);
        return { status: 1 as const };
      },
    );
  },
};
