import {
  exampleMessages,
  exampleRecord,
  idParam,
  ok,
  okWith,
  type ParsedExample,
  saveExampleRequest,
  saveExamplesRequest,
  setStatusRequest,
} from '@hiwar/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { notifyExamplesChanged, notifyNegativesChanged } from '../../kernel/examples-changed.ts';
import type { Database } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { sessionOf } from '../../platform/http/auth-guard.ts';
import type { AppModule } from '../../platform/http/module.ts';
import { requireOwnCommand } from '../commands/command-actions.ts';
import {
  deleteExampleRow,
  findOwnExample,
  listExamplesOfCommands,
  setExampleStatus,
} from './example-repository.ts';
import { removeNegativeExample } from './negative-examples.ts';
import { type ExampleOfCommand, saveExample, saveExamples } from './save-examples.ts';

const tags = ['examples'];
const security = [{ bearer: [] }];
const examplesAnswer = okWith(z.array(exampleRecord));

function listOf(body: z.output<typeof saveExamplesRequest>): ParsedExample[] {
  return Array.isArray(body) ? body : body.examples;
}

/** save_all: each example names its own command. */
function itemsNamingTheirCommand(examples: ParsedExample[]): ExampleOfCommand[] {
  return examples.map((example, index) => {
    if (example.example_command_id == null) {
      throw AppError.invalidField(`examples.${index}.example_command_id`, exampleMessages.commandRequired);
    }
    return { commandId: example.example_command_id, example };
  });
}

async function deleteExample(db: Database, request: FastifyRequest, exampleId: number) {
  const { userId } = sessionOf(request);
  const example = await findOwnExample(db, userId, exampleId);
  if (!example) throw new AppError('not_found');
  await deleteExampleRow(db, exampleId);
  await notifyExamplesChanged(db, request.log, userId, [example.example_command_id]);
  return { status: 1 as const };
}

/**
 * Training examples of the owner's commands, and the negative examples of their services. Owns `command_examples`
 * and `negative_examples`; every write ends in onExamplesChanged.
 */
export const examplesModule: AppModule = {
  name: 'examples',
  routes(app, { db, requireUser }) {
    app.post(
      '/command_example/get/:command_id',
      {
        onRequest: requireUser,
        schema: {
          tags,
          security,
          params: z.object({ command_id: idParam }),
          response: { 200: examplesAnswer },
        },
      },
      async (request) => {
        const command = await requireOwnCommand(db, sessionOf(request).userId, request.params.command_id);
        return { status: 1 as const, data: await listExamplesOfCommands(db, [command.command_id]) };
      },
    );

    app.post(
      '/command_example/save_example',
      {
        onRequest: requireUser,
        schema: { tags, security, body: saveExampleRequest, response: { 200: okWith(exampleRecord) } },
      },
      async (request) => {
        const { userId } = sessionOf(request);
        const saved = await saveExample(db, userId, request.body);
        await notifyExamplesChanged(db, request.log, userId, [saved.example_command_id]);
        return { status: 1 as const, data: saved };
      },
    );

    app.post(
      '/command_example/save/:command_id',
      {
        onRequest: requireUser,
        schema: {
          tags,
          security,
          params: z.object({ command_id: idParam }),
          body: saveExamplesRequest,
          response: { 200: examplesAnswer },
        },
      },
      async (request) => {
        const { userId } = sessionOf(request);
        const commandId = request.params.command_id;
        const items = listOf(request.body).map((example) => ({ commandId, example }));
        await requireOwnCommand(db, userId, commandId);
        const saved = await saveExamples(db, userId, items);
        await notifyExamplesChanged(db, request.log, userId, [commandId]);
        return { status: 1 as const, data: saved };
      },
    );

    for (const url of ['/command_example/save_all/', '/command_example/save_all']) {
      app.post(
        url,
        {
          onRequest: requireUser,
          schema: { tags, security, body: saveExamplesRequest, response: { 200: examplesAnswer } },
        },
        async (request) => {
          const { userId } = sessionOf(request);
          const items = itemsNamingTheirCommand(listOf(request.body));
          const saved = await saveExamples(db, userId, items);
          await notifyExamplesChanged(
            db,
            request.log,
            userId,
            items.map((item) => item.commandId),
          );
          return { status: 1 as const, data: saved };
        },
      );
    }

    app.delete(
      '/command_example/delete/:_id',
      {
        onRequest: requireUser,
        schema: { tags, security, params: z.object({ _id: idParam }), response: { 200: ok } },
      },
      (request) => deleteExample(db, request, request.params._id),
    );
    app.post(
      '/command_example/delete/:id',
      {
        onRequest: requireUser,
        schema: { tags, security, params: z.object({ id: idParam }), response: { 200: ok } },
      },
      (request) => deleteExample(db, request, request.params.id),
    );

    app.post(
      '/command_example/set_status/:id',
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
        const example = await findOwnExample(db, userId, request.params.id);
        if (!example) throw new AppError('not_found');
        await setExampleStatus(db, userId, example._id, request.body.status);
        await notifyExamplesChanged(db, request.log, userId, [example.example_command_id]);
        return { status: 1 as const };
      },
    );

    // a negative example ("not for this bot") is removed from the service's examples card
    app.delete(
      '/negative_example/:id',
      {
        onRequest: requireUser,
        schema: { tags, security, params: z.object({ id: idParam }), response: { 200: ok } },
      },
      async (request) => {
        const { userId } = sessionOf(request);
        await removeNegativeExample(db, userId, request.params.id);
        await notifyNegativesChanged(db, request.log, userId);
        return { status: 1 as const };
      },
    );
  },
};
