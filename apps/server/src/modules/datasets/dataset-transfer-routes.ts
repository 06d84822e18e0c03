import {
  DATASET_IMPORT_MAX_BYTES,
  datasetIdParams,
  datasetMessages,
  exportRecordsQuery,
  importPreviewResponse,
  importRecordsRequest,
  importRecordsResponse,
} from '@hiwar/contracts';
import type { z } from 'zod';
import { AppError } from '../../platform/http/app-error.ts';
import { sessionOf } from '../../platform/http/auth-guard.ts';
import type { ApiApp, ModuleContext } from '../../platform/http/module.ts';
import { requireOwnDataset } from './dataset-actions.ts';
import {
  insertDatasetRecords,
  listRecordData,
  refreshRecordStatistics,
} from './dataset-record-repository.ts';
import { findReadableDataset } from './dataset-repository.ts';
import { exportFileHeader, exportFileOf } from './record-export.ts';
import { planImport, previewOf } from './record-import.ts';

const tags = ['datasets'];
const security = [{ bearer: [] }];
/** the file's text rides in the JSON body, so these calls take more than the API's usual 1 MB */
const bodyLimit = DATASET_IMPORT_MAX_BYTES + 64 * 1024;

/** Loading records from a CSV or JSON file (a preview, then one transaction) and downloading them. */
export function registerTransferRoutes(app: ApiApp, { db, dialect, requireUser }: ModuleContext) {
  // the preview and the import read the same request
  const importOptions = <T extends z.ZodType>(answer: T) => ({
    onRequest: requireUser,
    bodyLimit,
    schema: {
      tags,
      security,
      params: datasetIdParams,
      body: importRecordsRequest,
      response: { 200: answer },
    },
  });

  app.post('/dataset/import/preview/:id', importOptions(importPreviewResponse), async (request) => {
    const dataset = await requireOwnDataset(db, sessionOf(request).userId, request.params.id);
    return previewOf(planImport(dataset.ds_schema, request.body));
  });

  app.post('/dataset/import/:id', importOptions(importRecordsResponse), async (request) => {
    const dataset = await requireOwnDataset(db, sessionOf(request).userId, request.params.id);
    const plan = planImport(dataset.ds_schema, request.body);
    if (plan.refused.length > 0 && !request.body.skip_refused) {
      const errors = Object.fromEntries(
        plan.refused
          .slice(0, 100)
          .flatMap(({ row, errors: fieldErrors }) =>
            Object.entries(fieldErrors).map(([field, messages]) => [`rows.${row}.${field}`, messages]),
          ),
      );
      throw new AppError('validation', datasetMessages.importRowsRefused, errors);
    }
    const owner = { dsId: dataset.ds_id, userId: dataset.user_id };
    await db.transaction().execute((trx) => insertDatasetRecords(trx, owner, plan.accepted));
    await refreshRecordStatistics(db, dialect);
    return { status: 1 as const, imported: plan.accepted.length };
  });

  app.get(
    '/dataset/export/:id',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        params: datasetIdParams,
        querystring: exportRecordsQuery,
        // no response schema: the answer is the file
        description: 'Downloads the records as CSV (a header row of field names) or as a JSON list',
      },
    },
    async (request, reply) => {
      const dataset = await findReadableDataset(db, sessionOf(request).userId, request.params.id);
      if (!dataset) throw new AppError('not_found');
      const { format } = request.query;
      const file = exportFileOf(dataset, await listRecordData(db, dataset.ds_id), format);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', exportFileHeader(dataset.ds_name, format))
        .send(Buffer.from(file.body));
    },
  );
}
