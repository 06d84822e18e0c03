import {
  addFieldRequest,
  changeFieldRequest,
  datasetFindRequest,
  datasetFindResponse,
  datasetIdParams,
  datasetListQuery,
  datasetListResponse,
  datasetMessages,
  datasetPageRequest,
  datasetPageResponse,
  datasetRecord,
  ok,
  okWith,
  saveDatasetParams,
  saveDatasetRequest,
  saveDatasetResponse,
  setStatusRequest,
} from '@hiwar/contracts';
import { z } from 'zod';
import { pageParam, pagesCountOf } from '../../kernel/list-paging.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { sessionOf } from '../../platform/http/auth-guard.ts';
import type { ApiApp, AppModule, ModuleContext } from '../../platform/http/module.ts';
import { addField, changeField, deleteDataset, requireOwnDataset, saveDataset } from './dataset-actions.ts';
import { listRecordData } from './dataset-record-repository.ts';
import { registerRecordRoutes } from './dataset-record-routes.ts';
import {
  findReadableDataset,
  listDatasetEntries,
  listDatasetsPage,
  updateDataset,
} from './dataset-repository.ts';
import { registerTransferRoutes } from './dataset-transfer-routes.ts';
import { distinctFieldValues } from './field-values.ts';

const tags = ['datasets'];
const security = [{ bearer: [] }];

/** The dataset list and the structure calls: the owner's own datasets only. */
function registerStructureRoutes(app: ApiApp, { db, requireUser }: ModuleContext) {
  app.post(
    '/dataset/get/public/:page',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        params: z.object({ page: pageParam }),
        body: datasetPageRequest,
        response: { 200: datasetPageResponse },
      },
    },
    async (request) => {
      const { page } = request.params;
      const { type, keywords } = request.body;
      const { rows, total } = await listDatasetsPage(db, sessionOf(request).userId, { type, page, keywords });
      return { status: 1 as const, page, pages_count: pagesCountOf(total), data: rows };
    },
  );

  app.post(
    '/dataset/save/:id',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        params: saveDatasetParams,
        body: saveDatasetRequest,
        response: { 200: saveDatasetResponse },
      },
    },
    async (request) => {
      const dataset = await saveDataset(db, sessionOf(request).userId, request.params.id, request.body);
      return { status: 1 as const, id: dataset.ds_id, data: dataset };
    },
  );

  app.post(
    '/dataset/set_status/:id',
    {
      onRequest: requireUser,
      schema: { tags, security, params: datasetIdParams, body: setStatusRequest, response: { 200: ok } },
    },
    async (request) => {
      await requireOwnDataset(db, sessionOf(request).userId, request.params.id);
      await updateDataset(db, request.params.id, { status: request.body.status });
      return { status: 1 as const };
    },
  );

  app.post(
    '/dataset/delete/:id',
    { onRequest: requireUser, schema: { tags, security, params: datasetIdParams, response: { 200: ok } } },
    async (request) => {
      await deleteDataset(db, sessionOf(request).userId, request.params.id);
      return { status: 1 as const };
    },
  );

  app.put(
    '/dataset/fields/:id',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        params: datasetIdParams,
        body: changeFieldRequest,
        response: { 200: okWith(datasetRecord) },
      },
    },
    async (request) => ({
      status: 1 as const,
      data: await changeField(db, sessionOf(request).userId, request.params.id, request.body),
    }),
  );

  app.post(
    '/dataset/add-field/:id',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        params: datasetIdParams,
        body: addFieldRequest,
        response: { 200: okWith(datasetRecord) },
      },
    },
    async (request) => ({
      status: 1 as const,
      data: await addField(db, sessionOf(request).userId, request.params.id, request.body.data),
    }),
  );
}

/**
 * Datasets and menus (a menu is a dataset with a fixed read-only part of its schema, tax and shipping): the
 * pickers' lists, the list and structure calls, and the records grid. Owns `datasets` and `dataset_records`.
 * Another owner's dataset is readable only when it is public, and never writable.
 */
export const datasetsModule: AppModule = {
  name: 'datasets',
  routes(app, context) {
    const { db, requireUser } = context;
    registerStructureRoutes(app, context);
    registerRecordRoutes(app, context);
    registerTransferRoutes(app, context);
    app.get(
      '/dataset/get_list',
      {
        onRequest: requireUser,
        schema: { tags, security, querystring: datasetListQuery, response: { 200: datasetListResponse } },
      },
      async (request) => {
        const lists = await listDatasetEntries(db, sessionOf(request).userId, request.query.type);
        return { status: 1 as const, ...lists };
      },
    );

    app.get(
      '/dataset/browse/:id',
      {
        onRequest: requireUser,
        schema: {
          tags,
          security,
          params: datasetIdParams,
          response: { 200: okWith(datasetRecord) },
        },
      },
      async (request) => {
        const dataset = await findReadableDataset(db, sessionOf(request).userId, request.params.id);
        if (!dataset) throw new AppError('not_found');
        return { status: 1 as const, data: dataset };
      },
    );

    app.post(
      '/dataset/find',
      {
        onRequest: requireUser,
        schema: { tags, security, body: datasetFindRequest, response: { 200: datasetFindResponse } },
      },
      async (request) => {
        const { ds_id: dsId, field_name: fieldName } = request.body;
        const dataset = await findReadableDataset(db, sessionOf(request).userId, dsId);
        if (!dataset) throw new AppError('not_found');
        if (!dataset.ds_schema.some((field) => field.name === fieldName)) {
          throw AppError.invalidField('field_name', datasetMessages.fieldUnknown);
        }
        const values = distinctFieldValues(await listRecordData(db, dsId), fieldName);
        return { status: 1 as const, data: values };
      },
    );
  },
};
