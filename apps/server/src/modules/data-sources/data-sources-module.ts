import {
  changeDataSourceStatusResponse,
  dataSourceListQuery,
  dataSourceListResponse,
  dataSourceMessages,
  dataSourceRecord,
  dataSourceTablesRequest,
  dataSourceTablesResponse,
  idOrZeroParam,
  idParam,
  ok,
  okWith,
  PAGE_SIZE,
  saveDataSourceRequest,
  saveDataSourceResponse,
} from '@hiwar/contracts';
import { z } from 'zod';
import { pagesCountOf } from '../../kernel/list-paging.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { sessionOf } from '../../platform/http/auth-guard.ts';
import type { AppModule } from '../../platform/http/module.ts';
import { DataSourcePools } from './data-source-pools.ts';
import { deleteOwnDataSource, listActiveDataSources, listDataSourcesPage } from './data-source-repository.ts';
import {
  findOwnOrThrow,
  listDataSourceTables,
  recordOf,
  saveDataSource,
  toggleDataSourceStatus,
} from './data-source-service.ts';
import { setDataSourceContext } from './run-owner-query.ts';

const tags = ['data sources'];
const security = [{ bearer: [] }];
const idParams = z.object({ id: idParam });

/**
 * Data sources: the owner's connections to their own databases (spec part 2 §7 "Data sources"). Owns
 * `data_sources` and this process's pools to those databases; every connection goes through the outbound guard.
 */
export const dataSourcesModule: AppModule = {
  name: 'data-sources',
  routes(app, { db, secrets, outbound, requireUser }) {
    const pools = new DataSourcePools(outbound.guard);
    const context = { db, secrets, pools };
    // data_source responses query through the same pools (run-owner-query.ts)
    setDataSourceContext(db, context);
    app.addHook('onClose', () => {
      setDataSourceContext(db, null);
      return pools.closeAll();
    });

    app.get(
      '/data_sources',
      {
        onRequest: requireUser,
        schema: {
          tags,
          security,
          querystring: dataSourceListQuery,
          response: { 200: dataSourceListResponse },
        },
      },
      async (request) => {
        const { userId } = sessionOf(request);
        const { page, search, all } = request.query;
        if (all !== undefined) {
          return { status: 1 as const, data: (await listActiveDataSources(db, userId)).map(recordOf) };
        }
        const { rows, total } = await listDataSourcesPage(db, userId, { page, search });
        const data = {
          data: rows.map(recordOf),
          current_page: page,
          last_page: pagesCountOf(total),
          total,
          per_page: PAGE_SIZE,
        };
        return { status: 1 as const, data };
      },
    );

    app.post(
      '/data_sources/save/:id',
      {
        onRequest: requireUser,
        schema: {
          tags,
          security,
          params: z.object({ id: idOrZeroParam }),
          body: saveDataSourceRequest,
          response: { 200: saveDataSourceResponse },
        },
      },
      async (request) => {
        const { id } = request.params;
        const data = await saveDataSource(context, sessionOf(request).userId, id, request.body);
        const msg = id === 0 ? dataSourceMessages.added : dataSourceMessages.saved;
        return { status: 1 as const, msg, data };
      },
    );

    app.get(
      '/data_sources/browse/:id',
      {
        onRequest: requireUser,
        schema: { tags, security, params: idParams, response: { 200: okWith(dataSourceRecord) } },
      },
      async (request) => {
        const row = await findOwnOrThrow(db, sessionOf(request).userId, request.params.id);
        return { status: 1 as const, data: recordOf(row) };
      },
    );

    app.patch(
      '/data_sources/change_status/:id',
      {
        onRequest: requireUser,
        schema: { tags, security, params: idParams, response: { 200: changeDataSourceStatusResponse } },
      },
      async (request) => {
        const data = await toggleDataSourceStatus(context, sessionOf(request).userId, request.params.id);
        return { status: 1 as const, msg: dataSourceMessages.statusChanged, data };
      },
    );

    app.delete(
      '/data_sources/:id',
      { onRequest: requireUser, schema: { tags, security, params: idParams, response: { 200: ok } } },
      async (request) => {
        const { id } = request.params;
        if (!(await deleteOwnDataSource(db, sessionOf(request).userId, id))) throw new AppError('not_found');
        await pools.close(id);
        return { status: 1 as const, msg: dataSourceMessages.deleted };
      },
    );

    app.post(
      '/data_sources/get_tables_name',
      {
        onRequest: requireUser,
        schema: {
          tags,
          security,
          body: dataSourceTablesRequest,
          response: { 200: dataSourceTablesResponse },
        },
      },
      async (request) =>
        listDataSourceTables(context, sessionOf(request).userId, request.body.data_source_id),
    );
  },
};
