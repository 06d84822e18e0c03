import {
  datasetFindRequest,
  datasetFindResponse,
  datasetListQuery,
  datasetListResponse,
  datasetMessages,
  datasetRecord,
  idParam,
  okWith,
} from '@hiwar/contracts';
import { z } from 'zod';
import { AppError } from '../../platform/http/app-error.ts';
import { sessionOf } from '../../platform/http/auth-guard.ts';
import type { AppModule } from '../../platform/http/module.ts';
import { findReadableDataset, listDatasetEntries, listRecordData } from './dataset-repository.ts';
import { distinctFieldValues } from './field-values.ts';

const tags = ['datasets'];
const security = [{ bearer: [] }];

/**
 * Datasets and menus as the variable form reads them: the pickers' lists, a dataset's schema and one field's
 * values. Owns `datasets` and `dataset_records`. Another owner's dataset is readable only when it is public.
 */
export const datasetsModule: AppModule = {
  name: 'datasets',
  routes(app, { db, requireUser }) {
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
          params: z.object({ id: idParam }),
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
