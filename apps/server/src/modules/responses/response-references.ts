import {
  departmentMessages,
  type ResponseBody,
  type ResponseStruct,
  responseMessages,
} from '@hiwar/contracts';
import type { Database } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { findMissingReferences, type Reference, type ReferenceKind } from '../references/owned-references.ts';

type Found = { path: string; id: number | null };

/** Every id a response record carries: where to find it, what it must point at, what to say when it does not. */
interface ResponseReference {
  kind: ReferenceKind;
  message: string;
  find(body: ResponseBody): Found[];
}

/** The free-form parts (the dataset query, receipts) hold ids as the editor typed them: '', 0 and '0' mean none. */
function idIn(value: unknown): number | null {
  if (value === undefined || value === null || value === '' || value === 0 || value === '0') return null;
  if (typeof value === 'number') return value;
  return typeof value === 'string' && /^\d{1,16}$/.test(value) ? Number(value) : Number.NaN;
}

const objectIn = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
const listIn = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** The record's top-level id fields. */
type IdField =
  | 'resp_dataset_id'
  | 'resp_menu_id'
  | 'resp_sub_channel'
  | 'resp_cart_quantity'
  | 'resp_data_source_id'
  | 'resp_component_id'
  | 'resp_user_data_dataset_id';
const field =
  (name: IdField) =>
  (body: ResponseBody): Found[] => [{ path: name, id: body[name] }];

type ParameterList = { var_id: number | null }[];
const parameterVariables = (path: string, parameters: ParameterList): Found[] =>
  parameters.map((parameter, index) => ({ path: `${path}.${index}.var_id`, id: parameter.var_id }));

function receiptDatasets(body: ResponseBody): Found[] {
  const structs: [string, ResponseStruct][] = [
    ['resp_api_resp_struct', body.resp_api_resp_struct],
    ['resp_data_source_resp_struct', body.resp_data_source_resp_struct],
    ['resp_component_resp_struct', body.resp_component_resp_struct],
    ...body.resp_static_cards_resp_struct.map((card, index): [string, ResponseStruct] => [
      `resp_static_cards_resp_struct.${index}`,
      card,
    ]),
  ];
  const receipts = structs.map(([path, struct]) => ({ path: `${path}.receipt`, receipt: struct.receipt }));
  receipts.push({
    path: 'resp_dataset.resp.receipt',
    receipt: objectIn(objectIn(body.resp_dataset.resp).receipt),
  });
  return receipts.map(({ path, receipt }) => ({
    path: `${path}.dataset_id`,
    id: idIn(objectIn(receipt).dataset_id),
  }));
}

function datasetQueryVariables(body: ResponseBody): Found[] {
  return listIn(body.resp_dataset.groups).flatMap((group, groupIndex) =>
    listIn(group).map((element, index) => ({
      path: `resp_dataset.groups.${groupIndex}.${index}.var_id`,
      id: idIn(objectIn(element).var_id),
    })),
  );
}

/** The department each cs_connect action hands over to (the editor stores its id as text; '' is none). */
function actionDepartments(body: ResponseBody): Found[] {
  return body.resp_actions.flatMap((action, index) =>
    action.resp_action_type === 'cs_connect'
      ? [
          {
            path: `resp_actions.${index}.resp_action_cs_connect_department`,
            id: idIn(action.resp_action_cs_connect_department.trim()),
          },
        ]
      : [],
  );
}

/** The registry: one line per id a response may carry. A reference added to the record adds a line here. */
const responseReferences: ResponseReference[] = [
  {
    kind: 'ownCommand',
    message: responseMessages.quickReplyCommandNotFound,
    find: (body) =>
      body.resp_quick_reply.map((reply, index) => ({
        path: `resp_quick_reply.${index}.command_id`,
        id: reply.command_id,
      })),
  },
  { kind: 'readableDataset', message: responseMessages.datasetNotFound, find: field('resp_dataset_id') },
  {
    kind: 'readableDataset',
    message: responseMessages.datasetNotFound,
    find: (body) => [{ path: 'resp_dataset.ds_id', id: idIn(body.resp_dataset.ds_id) }],
  },
  { kind: 'readableDataset', message: responseMessages.datasetNotFound, find: receiptDatasets },
  { kind: 'readableMenu', message: responseMessages.menuNotFound, find: field('resp_menu_id') },
  { kind: 'ownDataset', message: responseMessages.datasetNotFound, find: field('resp_user_data_dataset_id') },
  { kind: 'ownVariable', message: responseMessages.variableNotFound, find: field('resp_cart_quantity') },
  {
    kind: 'ownVariable',
    message: responseMessages.variableNotFound,
    find: (body) => [
      ...parameterVariables('resp_api_pars', body.resp_api_pars),
      ...parameterVariables('resp_user_data_pars', body.resp_user_data_pars),
      ...body.resp_actions.flatMap((action, index) =>
        parameterVariables(`resp_actions.${index}.resp_action_api_pars`, action.resp_action_api_pars),
      ),
    ],
  },
  { kind: 'ownVariable', message: responseMessages.variableNotFound, find: datasetQueryVariables },
  { kind: 'dataSource', message: responseMessages.dataSourceNotFound, find: field('resp_data_source_id') },
  { kind: 'component', message: responseMessages.componentNotFound, find: field('resp_component_id') },
  { kind: 'ownDepartment', message: departmentMessages.departmentNotFound, find: actionDepartments },
  {
    kind: 'subscriptionChannel',
    message: responseMessages.subscriptionChannelNotFound,
    find: field('resp_sub_channel'),
  },
];

const datasetKinds: ReadonlySet<ReferenceKind> = new Set(['readableDataset', 'readableMenu', 'ownDataset']);

/** The datasets and menus a response record reads or writes: what keeps a dataset from being deleted. */
export function datasetIdsIn(body: ResponseBody): number[] {
  return responseReferences
    .filter((reference) => datasetKinds.has(reference.kind))
    .flatMap((reference) => reference.find(body).map((found) => found.id))
    .filter((id): id is number => id !== null && Number.isSafeInteger(id));
}

/** The customer-support departments a response record hands over to: what keeps a department from being deleted. */
export function departmentIdsIn(body: ResponseBody): number[] {
  return actionDepartments(body)
    .map((found) => found.id)
    .filter((id): id is number => id !== null && Number.isSafeInteger(id));
}

export interface ReferenceCheckOptions {
  /** where the record sits in the request body ('record.' for the save call) */
  pathPrefix?: string;
  /** check only these fields (a call that changes only some of the record) */
  onlyFields?: ReadonlySet<string>;
}

/** The record's references that point at nothing the owner may use (paths without the prefix). */
export function findRefusedReferences(
  db: Database,
  userId: number,
  body: ResponseBody,
  onlyFields?: ReadonlySet<string>,
): Promise<Reference[]> {
  const references: Reference[] = responseReferences.flatMap(({ kind, message, find }) =>
    find(body)
      .filter((found) => !onlyFields || onlyFields.has(found.path))
      .map((found) => ({ ...found, kind, message })),
  );
  return findMissingReferences(db, userId, references);
}

/**
 * Refuses a record that points at anything the owner may not use — another owner's private dataset, a command,
 * variable or dataset that does not exist, a kind that has no table yet — with a 422 naming every such field.
 */
export async function checkResponseReferences(
  db: Database,
  userId: number,
  body: ResponseBody,
  options: ReferenceCheckOptions = {},
): Promise<void> {
  const refused = await findRefusedReferences(db, userId, body, options.onlyFields);
  if (refused.length === 0) return;
  const errors: Record<string, string[]> = {};
  for (const reference of refused)
    errors[`${options.pathPrefix ?? ''}${reference.path}`] = [reference.message];
  throw AppError.invalid(errors);
}
