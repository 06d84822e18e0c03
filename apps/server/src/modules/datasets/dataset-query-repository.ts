import type { DatasetField } from '@hiwar/contracts';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { type Database, type DialectName, dialectOf } from '../../platform/db/database.ts';
import { fromJson } from '../../platform/db/json.ts';
import { foldedSearchTextSql } from '../../platform/db/migrations/0016-dataset-records-folded-search.ts';
import { nearestRecordIds } from './dataset-point-index.ts';
import {
  foldText,
  matchRecord,
  numberOf,
  type QueriedRecord,
  type QueryCondition,
} from './dataset-record-match.ts';
import type { DatasetTables } from './dataset-tables.ts';

/**
 * A dataset query (runtime `ds` responses, spec part 2 §3 "Dataset query config"): one group of AND-ed
 * conditions at a time. SQL narrows the dataset's rows (its `ds_id` index, `=` and numeric compares on the
 * JSON values, LIKE through migration 0016's folded trigram index); a NEARBY group reads the records the point
 * index finds within the radius, nearest first (dataset-point-index.ts). The rows are then checked exactly
 * (dataset-record-match.ts) page by page until the limit is reached.
 */

/** How many rows one group may read before it gives up finding more matches (a bound on a query's cost). */
const MAX_ROWS_READ = 20_000;
const PAGE_ROWS = 500;
/** The shortest LIKE text the trigram indexes can find (shorter ones scan the folded text of the dataset's rows). */
const TRIGRAM_LENGTH = 3;

type Row = { _id: number; data: string; sender_id: string; record_status: number };

/** A field name that may go into a JSON path (the schema's names are plain texts). */
const isPlainName = (name: string) => name !== '' && !/["\\\n]/.test(name);

function jsonValue(dialect: DialectName, field: string): RawBuilder<unknown> {
  return dialect === 'postgres' ? sql`(data ->> ${field})` : sql`json_extract(data, ${`$."${field}"`})`;
}

/** A field's value as a number where it reads as one (null or 0 otherwise: a superset, checked exactly later). */
function numericValue(dialect: DialectName, field: string): RawBuilder<unknown> {
  if (dialect === 'sqlite') return sql`cast(json_extract(data, ${`$."${field}"`}) as real)`;
  const text = jsonValue(dialect, field);
  return sql`(case when ${text} ~ ${'^\\s*-?[0-9]+(\\.[0-9]+)?\\s*$'} then (${text})::float8 end)`;
}

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

function foldedContains(dialect: DialectName, value: string): RawBuilder<SqlBool> {
  const needle = foldText(value.trim());
  if (dialect === 'sqlite' && [...needle].length >= TRIGRAM_LENGTH) {
    const phrase = `"${needle.replaceAll('"', '""')}"`;
    return sql<SqlBool>`_id in (select rowid from dataset_records_folded where dataset_records_folded match ${phrase})`;
  }
  const folded =
    dialect === 'postgres' ? sql.ref('folded_text') : foldedSearchTextSql(dialect, sql.ref('search_text'));
  return sql<SqlBool>`${folded} like ${likePattern(needle)} escape '\\'`;
}

/** What SQL can check of one condition: a superset of the rows that meet it; [] when it cannot help. */
function prefilter(
  dialect: DialectName,
  condition: QueryCondition,
  fieldTypes: ReadonlyMap<string, string>,
): RawBuilder<SqlBool>[] {
  const { field, operator, value } = condition;
  const number = numberOf(value);
  if (field === '__status') {
    if (number === undefined) return [];
    const compare = { '=': '=', '!=': '<>', '>=': '>=', '<=': '<=' }[operator as '='];
    return compare ? [sql<SqlBool>`record_status ${sql.raw(compare)} ${number}`] : [];
  }
  if (field === '__sender_id') {
    if (operator === '=') return [sql<SqlBool>`sender_id = ${value.trim()}`];
    if (operator === '!=') return [sql<SqlBool>`sender_id <> ${value.trim()}`];
    return [];
  }
  if (!isPlainName(field)) return [];
  if (operator === 'LIKE') return value.trim() === '' ? [] : [foldedContains(dialect, value)];
  // NEARBY: the candidates come from the point index (findGroupRecords)
  if (operator === 'NEARBY') return [];
  const type = fieldTypes.get(field);
  if (
    (operator === '>=' || operator === '<=') &&
    number !== undefined &&
    (type === 'number' || type === 'text')
  )
    return [sql<SqlBool>`${numericValue(dialect, field)} ${sql.raw(operator)} ${number}`];
  if (operator === '=' && type === 'number' && number !== undefined)
    return [sql<SqlBool>`${numericValue(dialect, field)} = ${number}`];
  if (operator === '=' && type === 'text') {
    const text = jsonValue(dialect, field);
    return number === undefined
      ? [sql<SqlBool>`${text} = ${value.trim()}`]
      : [sql<SqlBool>`(${text} = ${value.trim()} or ${numericValue(dialect, field)} = ${number})`];
  }
  return [];
}

function recordOf(row: Row): QueriedRecord {
  return {
    id: Number(row._id),
    data: fromJson<Record<string, unknown>>(row.data, {}),
    senderId: row.sender_id,
    status: Number(row.record_status),
    distanceKm: null,
  };
}

export interface GroupQuery {
  dsId: number;
  schema: readonly DatasetField[];
  conditions: readonly QueryCondition[];
  limit: number;
}

interface Candidates {
  dialect: DialectName;
  query: GroupQuery;
  filters: RawBuilder<SqlBool>[];
}

function selectCandidates({ query, filters }: Candidates, db: Database) {
  let select = db
    .withTables<DatasetTables>()
    .selectFrom('dataset_records')
    .select(['_id', 'data', 'sender_id', 'record_status'])
    .where('ds_id', '=', query.dsId);
  for (const filter of filters) select = select.where(filter);
  return select;
}

/** Oldest first: pages of the rows SQL lets through, each checked exactly, until `limit` match. */
async function findInIdOrder(db: Database, candidates: Candidates): Promise<QueriedRecord[]> {
  const { query } = candidates;
  const found: QueriedRecord[] = [];
  let lastId = 0;
  for (let read = 0; read < MAX_ROWS_READ && found.length < query.limit; ) {
    const size = read === 0 ? Math.min(PAGE_ROWS, query.limit * 3 + 20) : PAGE_ROWS;
    const rows = await selectCandidates(candidates, db)
      .where('_id', '>', lastId)
      .orderBy('_id')
      .limit(size)
      .execute();
    for (const row of rows) {
      const matched = matchRecord(recordOf(row), query.conditions);
      if (matched) found.push(matched);
    }
    read += rows.length;
    lastId = Number(rows.at(-1)?._id ?? lastId);
    if (rows.length < size) break;
  }
  return found.slice(0, query.limit);
}

/** Nearest first: the point index's records within the radius, read by id in that order and checked exactly. */
async function findByDistance(
  db: Database,
  candidates: Candidates,
  nearby: QueryCondition,
): Promise<QueriedRecord[]> {
  const { query, dialect } = candidates;
  const near = nearby.near;
  if (!near) return [];
  const nearest = await nearestRecordIds(db, dialect, {
    dsId: query.dsId,
    field: nearby.field,
    ...near,
    max: MAX_ROWS_READ,
  });
  const found: QueriedRecord[] = [];
  for (let start = 0; start < nearest.length && found.length < query.limit; ) {
    const size = start === 0 ? Math.min(PAGE_ROWS, query.limit * 3 + 20) : PAGE_ROWS;
    const ids = nearest.slice(start, start + size).map((entry) => entry.id);
    start += ids.length;
    const rows = await selectCandidates(candidates, db).where('_id', 'in', ids).execute();
    const byId = new Map(rows.map((row) => [Number(row._id), row]));
    for (const id of ids) {
      const row = byId.get(id);
      const matched = row && matchRecord(recordOf(row), query.conditions);
      if (matched) found.push(matched);
    }
  }
  return found.slice(0, query.limit);
}

/**
 * The records of one group (its conditions AND-ed), at most `limit`: nearest first when the group has a
 * NEARBY condition (measured from its first one), else oldest first. Reads at most MAX_ROWS_READ candidates.
 */
export async function findGroupRecords(db: Database, query: GroupQuery): Promise<QueriedRecord[]> {
  const dialect = dialectOf(db);
  const fieldTypes = new Map(query.schema.map((field) => [field.name, field.type]));
  const filters = query.conditions.flatMap((condition) => prefilter(dialect, condition, fieldTypes));
  const candidates = { dialect, query, filters };
  const nearby = query.conditions.find((condition) => condition.operator === 'NEARBY');
  return nearby ? findByDistance(db, candidates, nearby) : findInIdOrder(db, candidates);
}

/** A filter of the records grid (`POST /dataset/get-with-keys` `filters`): one field compared with a value. */
export interface RecordFilter {
  field: string;
  rel: '=' | '!=' | '>=' | '<=' | 'LIKE';
  value: string;
}

/**
 * The SQL of a grid filter, exact (a page and its count come from SQL alone): `=`/`!=` compare a number field's
 * value as a number and any other field's as its text, `>=`/`<=` numerically, `LIKE` contains the value folded as dataset queries fold it (Arabic letter
 * forms and marks, umlauts, case) — through the folded trigram index, then on the field itself. A record without
 * the field never equals, and always differs.
 */
export function recordFilterSql(
  dialect: DialectName,
  schema: readonly DatasetField[],
  filter: RecordFilter,
): RawBuilder<SqlBool> {
  const { field, rel } = filter;
  const value = filter.value.trim();
  const number = numberOf(value);
  if (field === '__status') {
    const compare = { '=': '=', '!=': '<>', '>=': '>=', '<=': '<=', LIKE: '=' }[rel];
    return sql<SqlBool>`record_status ${sql.raw(compare)} ${number ?? -1}`;
  }
  const type = schema.find((candidate) => candidate.name === field)?.type;
  if (rel === 'LIKE') {
    if (value === '') return sql<SqlBool>`1 = 1`;
    const own = foldedSearchTextSql(dialect, sql`lower(${jsonValue(dialect, field)})`);
    return sql<SqlBool>`(${foldedContains(dialect, value)} and ${own} like ${likePattern(foldText(value))} escape '\\')`;
  }
  if (rel === '>=' || rel === '<=') {
    return number === undefined
      ? sql<SqlBool>`1 = 0`
      : sql<SqlBool>`${numericValue(dialect, field)} ${sql.raw(rel)} ${number}`;
  }
  let equals = sql<SqlBool>`${jsonValue(dialect, field)} = ${value}`;
  if (type === 'number')
    equals =
      number === undefined ? sql<SqlBool>`1 = 0` : sql<SqlBool>`${numericValue(dialect, field)} = ${number}`;
  return rel === '=' ? equals : sql<SqlBool>`not coalesce(${equals}, false)`;
}
