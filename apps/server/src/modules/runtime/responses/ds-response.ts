import {
  type BotMessage,
  type CommandResponseRecord,
  type DatasetRecord,
  responseStruct,
  responseVias,
} from '@hiwar/contracts';
import { findGroupRecords } from '../../datasets/dataset-query-repository.ts';
import {
  numberOf,
  pointOf,
  type QueriedRecord,
  type QueryCondition,
} from '../../datasets/dataset-record-match.ts';
import { recordSenderId } from '../../datasets/dataset-record-repository.ts';
import { findReadableDataset } from '../../datasets/dataset-repository.ts';
import { botCache } from '../bot-cache.ts';
import { interpolate } from '../interpolate.ts';
import {
  type DatasetQueryConfig,
  idIn,
  type QueryElement,
  readDatasetQuery,
  textIn,
} from './dataset-query-config.ts';
import { type ResponseVia, renderItems } from './render-items.ts';
import type { ResponseContext } from './response-executor.ts';
import { renderIntro } from './text-response.ts';

/** Spec part 2 §9: a dataset response shows one record unless its limit says more. */
const DEFAULT_LIMIT = 1;
const MAX_LIMIT = 50;
const DEFAULT_RADIUS_KM = 5;

const datasets = botCache<DatasetRecord | null>();

/** The dataset a response may query: the owner's or a public one, switched on. */
async function queryableDataset(context: ResponseContext, dsId: number): Promise<DatasetRecord | null> {
  const dataset = await datasets.get(
    context.db,
    `ds:${context.ownerId}:${dsId}`,
    async () => (await findReadableDataset(context.db, context.ownerId, dsId)) ?? null,
  );
  return dataset?.ds_status === 1 ? dataset : null;
}

function variableNameOf(context: ResponseContext, varId: number | null): string | undefined {
  return varId === null
    ? undefined
    : context.variables.find((variable) => variable.var_id === varId)?.var_name;
}

/** A point from a variable's value: a shared `{lat, lng}`, a dataset location, or "lat,lng". */
function pointIn(value: unknown): { lat: number; lng: number } | undefined {
  if (typeof value === 'string') {
    const match = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/.exec(value);
    return match ? { lat: Number(match[1]), lng: Number(match[2]) } : undefined;
  }
  return pointOf(value);
}

/** NEARBY measures from the element's variable, else the location shared with this message, else one in the bank. */
function originOf(element: QueryElement, context: ResponseContext): { lat: number; lng: number } | undefined {
  const name = variableNameOf(context, element.varId);
  if (name !== undefined) return pointIn(context.vars[name]);
  if (context.location) return context.location;
  for (const value of Object.values(context.vars)) {
    const point = pointIn(value);
    if (point) return point;
  }
  return undefined;
}

/** An element's value: its variable's (when the sender gave one), else the literal with `{{…}}` filled in. */
function elementValue(element: QueryElement, context: ResponseContext): string | undefined {
  const name = variableNameOf(context, element.varId);
  const given = name === undefined ? undefined : context.values[name];
  if (given !== undefined && given.trim() !== '') return given;
  const literal = interpolate(element.value, context.values);
  if (literal.trim() !== '') return literal;
  if (element.fieldName === '__sender_id') return recordSenderId(context.sender);
  return element.operator === '=' || element.operator === '!=' ? '' : undefined;
}

/** A group's conditions; null when one of them cannot be evaluated (no value, no point to measure from). */
function conditionsOf(group: QueryElement[], context: ResponseContext): QueryCondition[] | null {
  const conditions: QueryCondition[] = [];
  for (const element of group) {
    if (element.operator === 'NEARBY') {
      const origin = originOf(element, context);
      if (!origin) return null;
      const radius = numberOf(element.value);
      const radiusKm = radius !== undefined && radius > 0 ? radius : DEFAULT_RADIUS_KM;
      conditions.push({
        field: element.fieldName,
        operator: 'NEARBY',
        value: '',
        near: { ...origin, radiusKm },
      });
      continue;
    }
    const value = elementValue(element, context);
    if (value === undefined) return null;
    conditions.push({ field: element.fieldName, operator: element.operator, value });
  }
  return conditions;
}

/** The union of the groups' records: nearest first where a group measured distances, else oldest first. */
function mergeGroups(results: QueriedRecord[][], limit: number): QueriedRecord[] {
  const byId = new Map<number, QueriedRecord>();
  for (const record of results.flat()) {
    const known = byId.get(record.id);
    if (
      !known ||
      (known.distanceKm ?? Number.POSITIVE_INFINITY) > (record.distanceKm ?? Number.POSITIVE_INFINITY)
    )
      byId.set(record.id, record);
  }
  const far = Number.POSITIVE_INFINITY;
  return [...byId.values()]
    .sort((a, b) => (a.distanceKm ?? far) - (b.distanceKm ?? far) || a.id - b.id)
    .slice(0, limit);
}

/** A record as the struct renderer reads it: its values, its kept keys, and its distance when measured. */
function itemOf(record: QueriedRecord): Record<string, unknown> {
  return {
    ...record.data,
    _id: record.id,
    __status: record.status,
    __sender_id: record.senderId,
    ...(record.distanceKm !== null && { __distance_km: Math.round(record.distanceKm * 100) / 100 }),
  };
}

/** One message field: a bare field name reads that field, anything else is a `{{…}}` template. */
function keyOrTemplate(value: unknown, fields: ReadonlySet<string>): { key: string; template: string } {
  const text = textIn(value);
  return fields.has(text.trim()) ? { key: text.trim(), template: '' } : { key: '', template: text };
}

/** The `resp` of the query config as a response struct (title, subtitle, media, item label/value, buttons). */
function structOf(resp: Record<string, unknown>, dataset: DatasetRecord) {
  const fields = new Set(dataset.ds_schema.map((field) => field.name));
  const part = (name: string) => {
    const { key, template } = keyOrTemplate(resp[name], fields);
    return { [`${name}_key`]: textIn(resp[`${name}_key`]) || key, [`${name}_default_value`]: template };
  };
  const buttons = (Array.isArray(resp.buttons) ? resp.buttons : []).map((button: Record<string, unknown>) => {
    const label = keyOrTemplate(button?.label ?? button?.item_label_default_value, fields);
    const value = keyOrTemplate(button?.value ?? button?.item_value_default_value, fields);
    return {
      item_label_key: textIn(button?.item_label_key) || label.key,
      item_label_default_value: label.template,
      item_value_key: textIn(button?.item_value_key) || value.key,
      item_value_default_value: value.template,
    };
  });
  const receipt = resp.receipt !== null && typeof resp.receipt === 'object' ? resp.receipt : undefined;
  return responseStruct.parse({
    ...part('title'),
    ...part('subtitle'),
    ...part('media'),
    ...part('item_label'),
    ...part('item_value'),
    buttons: buttons.slice(0, 20),
    ...(receipt && { receipt }),
  });
}

function viaOf(resp: Record<string, unknown>): ResponseVia {
  return responseVias.find((via) => via === textIn(resp.via)) ?? 'text';
}

function limitOf(resp: Record<string, unknown>): number {
  const limit = numberOf(resp.limit);
  return limit !== undefined && Number.isInteger(limit) && limit > 0
    ? Math.min(limit, MAX_LIMIT)
    : DEFAULT_LIMIT;
}

async function queryRecords(
  config: DatasetQueryConfig,
  dataset: DatasetRecord,
  context: ResponseContext,
  limit: number,
) {
  const groups = config.groups.length > 0 ? config.groups : [[]];
  const runnable = groups.map((group) => conditionsOf(group, context)).filter((group) => group !== null);
  const results = await Promise.all(
    runnable.map((conditions) =>
      findGroupRecords(context.db, { dsId: dataset.ds_id, schema: dataset.ds_schema, conditions, limit }),
    ),
  );
  return mergeGroups(results, limit);
}

/**
 * `ds`: the records of the owner's (or a public) dataset that meet the query's groups, rendered `via` text,
 * quick replies, cards, video, image or receipt through the response struct; the query's own fallback message
 * when none does (else [] → the response's fallback message).
 */
export async function executeDatasetResponse(
  response: CommandResponseRecord,
  context: ResponseContext,
): Promise<BotMessage[]> {
  const config = readDatasetQuery(response.resp_dataset, idIn(response.resp_dataset_id));
  const dataset = config.dsId === null ? null : await queryableDataset(context, config.dsId);
  if (!dataset) throw new Error(`dataset ${config.dsId ?? '(none)'} is not readable`);
  const limit = limitOf(config.resp);
  const records = await queryRecords(config, dataset, context, limit);
  const via = viaOf(config.resp);
  const intro = renderIntro(response, context.values);
  const introText = intro[0]?.type === 'text' ? intro[0].text : '';
  const layout = { via, limit, struct: structOf(config.resp, dataset), text: introText };
  const items = renderItems(records.map(itemOf), layout, context);
  if (items.length === 0) {
    const fallback = interpolate(textIn(config.resp.fallback_msg), context.values);
    return fallback.trim() === '' ? [] : [{ type: 'text', text: fallback }];
  }
  return via === 'quick_rep' ? items : [...intro, ...items];
}
