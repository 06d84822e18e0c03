import {
  commandListItem,
  commandMessages,
  commandPageResponse,
  commandRecord,
  fixedCommandsResponse,
  idOrZeroParam,
  idParam,
  keywordsRequest,
  ok,
  okWith,
  saveCommandRequest,
  saveCommandResponse,
  setStatusRequest,
} from '@hiwar/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { notifyExamplesChanged } from '../../kernel/examples-changed.ts';
import { pageParam, pagesCountOf } from '../../kernel/list-paging.ts';
import type { Database } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { sessionOf } from '../../platform/http/auth-guard.ts';
import type { ApiApp, AppModule, ModuleContext } from '../../platform/http/module.ts';
import { cloneCommand, deleteCommand } from '../command-trees/command-tree-actions.ts';
import { findOwnService } from '../services/service-repository.ts';
import { requireOwnCommand, saveCommand } from './command-actions.ts';
import { listCommandsPage, listOwnerCommands, setCommandStatus } from './command-repository.ts';
import { fixedCommandsOf } from './fixed-commands.ts';

const tags = ['commands'];
const security = [{ bearer: [] }];

async function commandsPage(
  db: Database,
  request: FastifyRequest,
  serviceId: number,
  page: number,
  keywords = '',
) {
  const service = await findOwnService(db, sessionOf(request).userId, serviceId);
  if (!service) throw new AppError('not_found');
  const { rows, total } = await listCommandsPage(db, serviceId, { page, keywords });
  return { status: 1 as const, page, pages_count: pagesCountOf(total), data: rows };
}

function registerListRoutes(app: ApiApp, { db, requireUser }: ModuleContext) {
  app.post(
    '/command/get/:service_id/:page',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        params: z.object({ service_id: idParam, page: pageParam }),
        body: keywordsRequest,
        response: { 200: commandPageResponse },
      },
    },
    (request) =>
      commandsPage(db, request, request.params.service_id, request.params.page, request.body.keywords),
  );
  app.get(
    '/command/get/:serviceId/:page',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        params: z.object({ serviceId: idParam, page: pageParam }),
        response: { 200: commandPageResponse },
      },
    },
    (request) => commandsPage(db, request, request.params.serviceId, request.params.page),
  );

  const allCommands = {
    onRequest: requireUser,
    schema: { tags, security, response: { 200: okWith(z.array(commandListItem)) } },
  };
  const answerAllCommands = async (request: FastifyRequest) => ({
    status: 1 as const,
    data: await listOwnerCommands(db, sessionOf(request).userId),
  });
  app.post('/command/get_all', allCommands, answerAllCommands);
  app.post('/command/get_all/0', allCommands, answerAllCommands);
  app.get('/command/get_all', allCommands, answerAllCommands);
}

/** Commands (intents) of the owner's services. Owns `commands`; variables and examples go with them. */
export const commandsModule: AppModule = {
  name: 'commands',
  routes(app, context) {
    const { db, requireUser } = context;
    registerListRoutes(app, context);

    app.get(
      '/command/browse/:command_id',
      {
        onRequest: requireUser,
        schema: {
          tags,
          security,
          params: z.object({ command_id: idParam }),
          response: { 200: okWith(commandRecord) },
        },
      },
      async (request) => ({
        status: 1 as const,
        data: await requireOwnCommand(db, sessionOf(request).userId, request.params.command_id),
      }),
    );

    app.post(
      '/command/save/:service_id/:command_id',
      {
        onRequest: requireUser,
        schema: {
          tags,
          security,
          params: z.object({ service_id: idParam, command_id: idOrZeroParam }),
          body: saveCommandRequest,
          response: { 200: saveCommandResponse },
        },
      },
      async (request) => {
        const { service_id: serviceId, command_id: commandId } = request.params;
        const userId = sessionOf(request).userId;
        const id = await saveCommand(db, { userId, serviceId, commandId }, request.body);
        return { status: 1 as const, id, msg: commandMessages.saved };
      },
    );

    app.post(
      '/command/set_status/:id',
      {
        onRequest: requireUser,
        schema: {
          tags,
          security,
          params: z.object({ id: idParam }),
          body: setStatusRequest,
          response: { 200: ok },
        },
      },
      async (request) => {
        const { userId } = sessionOf(request);
        const found = await setCommandStatus(db, userId, request.params.id, request.body.status);
        if (!found) throw new AppError('not_found');
        // its examples leave or join what the models are trained on
        await notifyExamplesChanged(db, request.log, userId, [request.params.id]);
        return { status: 1 as const };
      },
    );

    app.post(
      '/command/delete/:id',
      {
        onRequest: requireUser,
        schema: { tags, security, params: z.object({ id: idParam }), response: { 200: ok } },
      },
      async (request) => {
        const userId = sessionOf(request).userId;
        await deleteCommand(db, userId, request.params.id);
        await notifyExamplesChanged(db, request.log, userId, [request.params.id]);
        return { status: 1 as const };
      },
    );

    app.post(
      '/command/clone/:service_id/:command_id',
      {
        onRequest: requireUser,
        schema: {
          tags,
          security,
          params: z.object({ service_id: idParam, command_id: idParam }),
          response: { 200: okWith(commandRecord).extend({ id: z.number() }) },
        },
      },
      async (request) => {
        const userId = sessionOf(request).userId;
        const { service_id: serviceId, command_id: commandId } = request.params;
        const copy = await cloneCommand(db, { userId, serviceId, commandId });
        await notifyExamplesChanged(db, request.log, userId, [copy.command_id]);
        return { status: 1 as const, id: copy.command_id, data: copy, msg: commandMessages.cloned };
      },
    );

    app.get(
      '/command/get_fixed_commands',
      { onRequest: requireUser, schema: { tags, security, response: { 200: fixedCommandsResponse } } },
      async (request) => ({
        status: 1 as const,
        data: await fixedCommandsOf(db, sessionOf(request).userId),
      }),
    );
  },
};
