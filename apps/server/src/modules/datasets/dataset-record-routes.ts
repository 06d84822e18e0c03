import {
  datasetMessages,
  deletedCountResponse,
  deleteRecordRequest,
  deleteRecordsRequest,
  insertRecordRequest,
  recordResponse,
  recordsPageRequest,
  recordsPageResponse,
  updateRecordRequest,
} from '@hiwar/contracts';
import { pagesCountOf } from '../../kernel/list-paging.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { sessionOf } from '../../platform/http/auth-guard.ts';
import type { ApiApp, ModuleContext } from '../../platform/http/module.ts';
import { recordFilterSql } from './dataset-query-repository.ts';
import { listRecordsPage } from './dataset-record-repository.ts';
import { findReadableDataset } from './dataset-repository.ts';
import { deleteRecords, insertRecord, updateRecord } from './record-actions.ts';

const tags = ['datasets'];
const security = [{ bearer: [] }];

/** The records grid's calls: a page with keyword search (readable datasets), and writes (own datasets only). */
export function registerRecordRoutes(app: ApiApp, { db, dialect, requireUser }: ModuleContext) {
  app.post(
    '/dataset/get-with-keys',
    {
      onRequest: requireUser,
      schema: { tags, security, body: recordsPageRequest, response: { 200: recordsPageResponse } },
    },
    async (request) => {
      const { ds_id: dsId, page, keywords, filters } = request.body;
      const dataset = await findReadableDataset(db, sessionOf(request).userId, dsId);
      if (!dataset) throw new AppError('not_found');
      const unknown: Record<string, string[]> = {};
      filters.forEach((filter, index) => {
        const isField = dataset.ds_schema.some((field) => field.name === filter.field);
        if (!isField && filter.field !== '__status')
          unknown[`filters.${index}.field`] = [datasetMessages.fieldUnknown];
      });
      if (Object.keys(unknown).length > 0) throw AppError.invalid(unknown);
      const { rows, total } = await listRecordsPage(db, dialect, dsId, {
        page,
        keywords,
        filters: filters.map((filter) => recordFilterSql(dialect, dataset.ds_schema, filter)),
      });
      return {
        status: 1 as const,
        page,
        pages_count: pagesCountOf(total),
        total,
        ds_schema: dataset.ds_schema,
        data: rows,
      };
    },
  );

  app.post(
    '/dataset/insert_data',
    {
      onRequest: requireUser,
      schema: { tags, security, body: insertRecordRequest, response: { 200: recordResponse } },
    },
    async (request) => ({
      status: 1 as const,
      data: await insertRecord(db, sessionOf(request).userId, request.body.schema, request.body.record),
    }),
  );

  app.post(
    '/dataset/update-dataset/',
    {
      onRequest: requireUser,
      schema: { tags, security, body: updateRecordRequest, response: { 200: recordResponse } },
    },
    async (request) => ({
      status: 1 as const,
      data: await updateRecord(db, sessionOf(request).userId, request.body.data),
    }),
  );

  app.post(
    '/dataset/delete_data',
    {
      onRequest: requireUser,
      schema: { tags, security, body: deleteRecordRequest, response: { 200: deletedCountResponse } },
    },
    async (request) => ({
      status: 1 as const,
      deleted: await deleteRecords(db, sessionOf(request).userId, [request.body._id]),
    }),
  );

  app.post(
    '/dataset/multiple-delete-data',
    {
      onRequest: requireUser,
      schema: { tags, security, body: deleteRecordsRequest, response: { 200: deletedCountResponse } },
    },
    async (request) => ({
      status: 1 as const,
      deleted: await deleteRecords(db, sessionOf(request).userId, request.body.ids),
    }),
  );
}
