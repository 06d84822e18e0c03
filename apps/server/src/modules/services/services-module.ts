import {
  idParam,
  ok,
  okWith,
  PAGE_SIZE,
  saveServiceRequest,
  saveServiceResponse,
  serviceListQuery,
  serviceListResponse,
  serviceMessages,
  servicePage,
  serviceRecord,
  setStatusRequest,
} from '@hiwar/contracts';
import { z } from 'zod';
import { notifyExamplesChanged } from '../../kernel/examples-changed.ts';
import { pagesCountOf } from '../../kernel/list-paging.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { sessionOf } from '../../platform/http/auth-guard.ts';
import type { AppModule } from '../../platform/http/module.ts';
import {
  cloneService,
  deleteService,
  listServicesWithCommands,
} from '../command-trees/command-tree-actions.ts';
import { listCommandsOfService } from '../commands/command-repository.ts';
import { saveService } from './service-actions.ts';
import { registerServiceExamplesRoute, registerServiceNegativesRoute } from './service-examples-route.ts';
import { findOwnService, listServicesPage, setServiceStatus } from './service-repository.ts';

const tags = ['services'];
const security = [{ bearer: [] }];
const idParams = z.object({ id: idParam });

/** Services: the owner's groups of commands; public ones can be listed and cloned by everyone. Owns `services`. */
export const servicesModule: AppModule = {
  name: 'services',
  routes(app, context) {
    const { db, requireUser } = context;

    app.get(
      '/service',
      {
        onRequest: requireUser,
        schema: { tags, security, querystring: serviceListQuery, response: { 200: okWith(servicePage) } },
      },
      async (request) => {
        const { page, search } = request.query;
        const { rows, total } = await listServicesPage(db, sessionOf(request).userId, { page, search });
        const data = {
          data: rows,
          current_page: page,
          last_page: pagesCountOf(total),
          total,
          per_page: PAGE_SIZE,
        };
        return { status: 1 as const, data };
      },
    );

    const saveSchema = { tags, security, body: saveServiceRequest, response: { 200: saveServiceResponse } };
    app.post('/service/save', { onRequest: requireUser, schema: saveSchema }, async (request) => {
      const id = await saveService(db, sessionOf(request).userId, null, request.body);
      return { status: 1 as const, id, msg: serviceMessages.saved };
    });
    app.post(
      '/service/save/:id',
      { onRequest: requireUser, schema: { ...saveSchema, params: idParams } },
      async (request) => {
        const id = await saveService(db, sessionOf(request).userId, request.params.id, request.body);
        return { status: 1 as const, id, msg: serviceMessages.saved };
      },
    );

    app.post(
      '/service/delete/:id',
      { onRequest: requireUser, schema: { tags, security, params: idParams, response: { 200: ok } } },
      async (request) => {
        const userId = sessionOf(request).userId;
        const commandIds = await deleteService(db, userId, request.params.id);
        await notifyExamplesChanged(db, request.log, userId, commandIds);
        return { status: 1 as const, msg: serviceMessages.deleted };
      },
    );

    app.post(
      '/service/clone/:id',
      {
        onRequest: requireUser,
        schema: { tags, security, params: idParams, response: { 200: okWith(serviceRecord) } },
      },
      async (request) => {
        const userId = sessionOf(request).userId;
        const { service, commandIds } = await cloneService(db, userId, request.params.id);
        await notifyExamplesChanged(db, request.log, userId, commandIds);
        return { status: 1 as const, data: service, msg: serviceMessages.cloned };
      },
    );

    app.post(
      '/service/set_status/:serviceId',
      {
        onRequest: requireUser,
        schema: {
          tags,
          security,
          params: z.object({ serviceId: idParam }),
          body: setStatusRequest,
          response: { 200: ok },
        },
      },
      async (request) => {
        const { userId } = sessionOf(request);
        const found = await setServiceStatus(db, userId, request.params.serviceId, request.body.status);
        if (!found) throw new AppError('not_found');
        // its commands' examples leave or join what the models are trained on
        const commands = await listCommandsOfService(db, request.params.serviceId);
        await notifyExamplesChanged(
          db,
          request.log,
          userId,
          commands.map((command) => command.command_id),
        );
        return { status: 1 as const };
      },
    );

    app.get(
      '/service/get_list',
      { onRequest: requireUser, schema: { tags, security, response: { 200: serviceListResponse } } },
      async (request) => ({
        status: 1 as const,
        ...(await listServicesWithCommands(db, sessionOf(request).userId)),
      }),
    );

    app.get(
      '/service/browse/:id',
      {
        onRequest: requireUser,
        schema: { tags, security, params: idParams, response: { 200: okWith(serviceRecord) } },
      },
      async (request) => {
        const service = await findOwnService(db, sessionOf(request).userId, request.params.id);
        if (!service) throw new AppError('not_found');
        return { status: 1 as const, data: service };
      },
    );

    registerServiceExamplesRoute(app, context);
    registerServiceNegativesRoute(app, context);
  },
};
