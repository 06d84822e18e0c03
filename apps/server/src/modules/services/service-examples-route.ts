import { idParam, negativeExampleRecord, okWith, serviceExamplesQuery } from '@hiwar/contracts';
import { z } from 'zod';
import { AppError } from '../../platform/http/app-error.ts';
import { sessionOf } from '../../platform/http/auth-guard.ts';
import type { ApiApp, ModuleContext } from '../../platform/http/module.ts';
import { listCommandsOfService } from '../commands/command-repository.ts';
import { listExamplesOfCommands } from '../examples/example-repository.ts';
import { listNegativesOfService } from '../examples/negative-example-repository.ts';
import { findOwnService } from './service-repository.ts';

/** `Content-Disposition` for a JSON file named after the service; non-ASCII names travel in filename*. */
export function attachmentHeaderOf(serviceName: string): string {
  const base = `${serviceName.trim() || 'service'} examples`;
  const asciiName = base.replace(/[^\w .-]+/g, '_').replace(/\s+/g, ' ');
  return `attachment; filename="${asciiName}.json"; filename*=UTF-8''${encodeURIComponent(`${base}.json`)}`;
}

/** GET /service/{service_id}/examples: the examples of the service's commands; `?type=file` downloads them. */
export function registerServiceExamplesRoute(app: ApiApp, { db, requireUser }: ModuleContext): void {
  app.get(
    '/service/:service_id/examples',
    {
      onRequest: requireUser,
      schema: {
        tags: ['services'],
        security: [{ bearer: [] }],
        params: z.object({ service_id: idParam }),
        querystring: serviceExamplesQuery,
        // no response schema: the answer is either the envelope or the download file
        description:
          'Answers {status: 1, data: ExampleRecord[]}; with ?type=file the list as a JSON attachment',
      },
    },
    async (request, reply) => {
      const service = await findOwnService(db, sessionOf(request).userId, request.params.service_id);
      if (!service) throw new AppError('not_found');
      const commands = await listCommandsOfService(db, service.service_id);
      const examples = await listExamplesOfCommands(
        db,
        commands.map((command) => command.command_id),
      );
      if (request.query.type !== 'file') return { status: 1 as const, data: examples };
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', attachmentHeaderOf(service.service_name))
        .send(Buffer.from(JSON.stringify(examples, null, 2)));
    },
  );
}

/** GET /service/{service_id}/negative_examples: the messages marked "not for this bot" the service answered. */
export function registerServiceNegativesRoute(app: ApiApp, { db, requireUser }: ModuleContext): void {
  app.get(
    '/service/:service_id/negative_examples',
    {
      onRequest: requireUser,
      schema: {
        tags: ['services'],
        security: [{ bearer: [] }],
        params: z.object({ service_id: idParam }),
        response: { 200: okWith(z.array(negativeExampleRecord)) },
      },
    },
    async (request) => {
      const service = await findOwnService(db, sessionOf(request).userId, request.params.service_id);
      if (!service) throw new AppError('not_found');
      return { status: 1 as const, data: await listNegativesOfService(db, service.service_id) };
    },
  );
}
