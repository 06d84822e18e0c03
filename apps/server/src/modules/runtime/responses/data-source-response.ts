import type { BotMessage, CommandResponseRecord } from '@hiwar/contracts';
import { runOwnerQuery } from '../../data-sources/run-owner-query.ts';
import { renderItems } from './render-items.ts';
import type { ResponseContext } from './response-executor.ts';
import { renderIntro } from './text-response.ts';

/** Spec part 2 §9: a response shows 3 rows unless its limit says otherwise. */
const DEFAULT_LIMIT = 3;
const MAX_LIMIT = 50;

/**
 * `data_source`: the owner's SQL on their own active data source, each `{{name}}` sent as a bound parameter,
 * read-only, with a statement timeout, fetching at most the limit's rows (modules/data-sources,
 * run-owner-query.ts); the rows rendered `via` text, quick replies, cards, video or image through the response
 * struct (a column name is a `*_key`). No row → [] (the fallback message); a failure throws (traced, fallback).
 */
export async function executeDataSourceResponse(
  response: CommandResponseRecord,
  context: ResponseContext,
): Promise<BotMessage[]> {
  const dataSourceId = response.resp_data_source_id;
  if (dataSourceId === null) throw new Error('no data source chosen');
  const chosen = response.resp_data_source_resp_data_limit;
  const limit = chosen > 0 ? Math.min(chosen, MAX_LIMIT) : DEFAULT_LIMIT;
  const rows = await runOwnerQuery(context.db, context.ownerId, dataSourceId, {
    sql: response.resp_data_source_query_string,
    values: context.values,
    limit,
    ...(context.timeouts?.sqlMs !== undefined && { timeoutMs: context.timeouts.sqlMs }),
  });
  const via = response.resp_data_source_resp_via;
  const intro = renderIntro(response, context.values);
  const introText = intro[0]?.type === 'text' ? intro[0].text : '';
  const layout = { via, limit, struct: response.resp_data_source_resp_struct, text: introText };
  const items = renderItems(rows, layout, context);
  if (items.length === 0) return [];
  return via === 'quick_rep' ? items : [...intro, ...items];
}
