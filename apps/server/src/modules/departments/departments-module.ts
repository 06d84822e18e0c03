import {
  departmentIdParams,
  messages,
  ok,
  saveDepartmentRequest,
  savedDepartmentResponse,
} from '@hiwar/contracts';
import { sessionOf } from '../../platform/http/auth-guard.ts';
import type { AppModule } from '../../platform/http/module.ts';
import { addDepartment, deleteDepartment, updateDepartment } from './department-service.ts';

const tags = ['account'];
const security = [{ bearer: [] }];

/**
 * Customer-support departments (spec part 2 §6, §7): the owner names them in settings, the response editor's
 * cs_connect action picks one. Every call is the signed-in owner's own. Owns `cs_departments`. Their list
 * (`GET /user/get_cs_departments`) is the handoff module's: with a Chatwoot inbox, its teams are the departments.
 */
export const departmentsModule: AppModule = {
  name: 'departments',
  routes(app, { db, requireUser }) {
    app.post(
      '/user/add_cs_department',
      {
        onRequest: requireUser,
        schema: { tags, security, body: saveDepartmentRequest, response: { 200: savedDepartmentResponse } },
      },
      async (request) => ({
        status: 1 as const,
        msg: messages.successfullySaved,
        data: await addDepartment(db, sessionOf(request).userId, request.body.name),
      }),
    );
    app.post(
      '/user/update_cs_department/:id',
      {
        onRequest: requireUser,
        schema: {
          tags,
          security,
          params: departmentIdParams,
          body: saveDepartmentRequest,
          response: { 200: savedDepartmentResponse },
        },
      },
      async (request) => ({
        status: 1 as const,
        msg: messages.successfullyUpdated,
        data: await updateDepartment(db, sessionOf(request).userId, request.params.id, request.body.name),
      }),
    );
    app.post(
      '/user/delete_cs_department/:id',
      {
        onRequest: requireUser,
        schema: { tags, security, params: departmentIdParams, response: { 200: ok } },
      },
      async (request) => {
        await deleteDepartment(db, sessionOf(request).userId, request.params.id);
        return { status: 1 as const };
      },
    );
  },
};
