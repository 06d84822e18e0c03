import {
  commandResponseEnvelope,
  getCommandResponseResponse,
  idParam,
  ok,
  responseMessages,
  saveCommandResponseRequest,
  saveResponseTypeRequest,
} from '@hiwar/contracts';
import { z } from 'zod';
import { sessionOf } from '../../platform/http/auth-guard.ts';
import type { AppModule } from '../../platform/http/module.ts';
import { getCommandResponse, saveCommandResponse, saveResponseType } from './response-service.ts';

const tags = ['command responses'];
const security = [{ bearer: [] }];
const params = z.object({ command_id: idParam });

export const responsesModule: AppModule = {
  name: 'responses',
  routes(app, { db, requireUser }) {
    app.get(
      '/command_response/get/:command_id',
      {
        onRequest: requireUser,
        schema: { tags, security, params, response: { 200: getCommandResponseResponse } },
      },
      async (request) => ({
        status: 1 as const,
        data: await getCommandResponse(db, sessionOf(request).userId, request.params.command_id),
      }),
    );
    app.post(
      '/command_response/save/:command_id',
      {
        onRequest: requireUser,
        schema: { tags, security, params, body: saveCommandResponseRequest, response: { 200: ok } },
      },
      async (request) => {
        await saveCommandResponse(
          db,
          sessionOf(request).userId,
          request.params.command_id,
          request.body.record,
        );
        return { status: 1 as const, msg: responseMessages.updated };
      },
    );
    // the wizard's type and options steps read the same record under a different envelope key
    for (const step of ['types', 'options'] as const) {
      app.get(
        `/command-response/:command_id/${step}`,
        {
          onRequest: requireUser,
          schema: { tags, security, params, response: { 200: commandResponseEnvelope } },
        },
        async (request) => ({
          status: 1 as const,
          commandResponse: await getCommandResponse(db, sessionOf(request).userId, request.params.command_id),
        }),
      );
    }
    app.post(
      '/command-response/:command_id/types',
      {
        onRequest: requireUser,
        schema: {
          tags,
          security,
          params,
          body: saveResponseTypeRequest,
          response: { 200: commandResponseEnvelope },
        },
      },
      async (request) => ({
        status: 1 as const,
        commandResponse: await saveResponseType(
          db,
          sessionOf(request).userId,
          request.params.command_id,
          request.body,
        ),
      }),
    );
  },
};
