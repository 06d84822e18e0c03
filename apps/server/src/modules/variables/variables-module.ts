import {
  idOrZeroParam,
  idParam,
  keywordsRequest,
  numberedPage,
  ok,
  okWith,
  saveVariableRequest,
  saveVariableResponse,
  setStatusRequest,
  variableListItem,
  variableMessages,
  variableRecord,
} from '@hiwar/contracts';
import type { FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notifyExamplesChanged } from '../../kernel/examples-changed.ts';
import { pageParam, pagesCountOf } from '../../kernel/list-paging.ts';
import type { Database } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { sessionOf } from '../../platform/http/auth-guard.ts';
import type { AppModule } from '../../platform/http/module.ts';
import { deleteVariable } from '../command-trees/delete-variable.ts';
import { requireOwnCommand } from '../commands/command-actions.ts';
import { requireVariableTarget, saveVariable, variableValidationError } from './save-variable.ts';
import {
  findOwnVariable,
  listPreferenceItems,
  listVariableItems,
  listVariablesPage,
  setVariableStatus,
} from './variable-repository.ts';

const tags = ['variables'];
const security = [{ bearer: [] }];
const itemsAnswer = okWith(z.array(variableListItem));

/** command_id 0 lists all the owner's variables (the clone picker). */
async function variableItems(db: Database, request: FastifyRequest, commandId: number) {
  const { userId } = sessionOf(request);
  if (commandId !== 0) await requireOwnCommand(db, userId, commandId);
  return {
    status: 1 as const,
    data: await listVariableItems(db, userId, commandId === 0 ? null : commandId),
  };
}

/** Variables (slots) of the owner's commands. Owns `command_vars`. */
export const variablesModule: AppModule = {
  name: 'variables',
  routes(app, { db, requireUser }) {
    const itemsSchema = {
      tags,
      security,
      params: z.object({ command_id: idOrZeroParam }),
      response: { 200: itemsAnswer },
    };
    app.post('/command_var/get_all/:command_id', { onRequest: requireUser, schema: itemsSchema }, (request) =>
      variableItems(db, request, request.params.command_id),
    );
    app.get('/command_var/get_all/:command_id', { onRequest: requireUser, schema: itemsSchema }, (request) =>
      variableItems(db, request, request.params.command_id),
    );

    app.post(
      '/command_var/get_all_preferences/0',
      { onRequest: requireUser, schema: { tags, security, response: { 200: itemsAnswer } } },
      async (request) => ({
        status: 1 as const,
        data: await listPreferenceItems(db, sessionOf(request).userId),
      }),
    );

    app.get(
      '/command_var/browse/:var_id',
      {
        onRequest: requireUser,
        schema: {
          tags,
          security,
          params: z.object({ var_id: idParam }),
          response: { 200: okWith(variableRecord) },
        },
      },
      async (request) => {
        const variable = await findOwnVariable(db, sessionOf(request).userId, request.params.var_id);
        if (!variable) throw new AppError('not_found');
        return { status: 1 as const, data: variable };
      },
    );

    app.post(
      '/command_var/save/:var_id/:command_id',
      {
        onRequest: requireUser,
        // the form shows one message: validation failures are turned into {status: 0, msg} below
        attachValidation: true,
        schema: {
          tags,
          security,
          params: z.object({ var_id: idOrZeroParam, command_id: idParam }),
          body: saveVariableRequest,
          response: { 200: saveVariableResponse },
        },
      },
      async (request) => {
        const invalid = request.validationError;
        if (invalid && invalid.validationContext !== 'body') throw new AppError('not_found');
        const target = {
          userId: sessionOf(request).userId,
          varId: request.params.var_id,
          commandId: request.params.command_id,
        };
        await requireVariableTarget(db, target);
        if (invalid) {
          throw hasZodFastifySchemaValidationErrors(invalid)
            ? variableValidationError(invalid.validation)
            : AppError.invalid({});
        }
        const id = await saveVariable(db, target, request.body);
        return { status: 1 as const, id, msg: variableMessages.saved };
      },
    );

    app.post(
      '/command_var/get/:command_id/:page',
      {
        onRequest: requireUser,
        schema: {
          tags,
          security,
          params: z.object({ command_id: idParam, page: pageParam }),
          body: keywordsRequest,
          response: { 200: numberedPage(variableRecord) },
        },
      },
      async (request) => {
        const { command_id: commandId, page } = request.params;
        await requireOwnCommand(db, sessionOf(request).userId, commandId);
        const { rows, total } = await listVariablesPage(db, commandId, {
          page,
          keywords: request.body.keywords,
        });
        return { status: 1 as const, page, pages_count: pagesCountOf(total), data: rows };
      },
    );

    app.post(
      '/command_var/set_status/:var_id',
      {
        onRequest: requireUser,
        schema: {
          tags,
          security,
          params: z.object({ var_id: idParam }),
          body: setStatusRequest,
          response: { 200: ok },
        },
      },
      async (request) => {
        const { userId } = sessionOf(request);
        const found = await setVariableStatus(db, userId, request.params.var_id, request.body.status);
        if (!found) throw new AppError('not_found');
        return { status: 1 as const };
      },
    );

    app.post(
      '/command_var/delete/:var_id',
      {
        onRequest: requireUser,
        schema: { tags, security, params: z.object({ var_id: idParam }), response: { 200: ok } },
      },
      async (request) => {
        const { userId } = sessionOf(request);
        const commandId = await deleteVariable(db, userId, request.params.var_id);
        await notifyExamplesChanged(db, request.log, userId, [commandId]);
        return { status: 1 as const };
      },
    );
  },
};
