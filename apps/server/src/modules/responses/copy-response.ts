import type { ResponseBody } from '@hiwar/contracts';
import { normalizeResponseBody } from '@hiwar/contracts';
import type { Database } from '../../platform/db/database.ts';
import { fromJson } from '../../platform/db/json.ts';
import { copyAdvertises } from '../advertises/advertise-repository.ts';
import { findRefusedReferences } from './response-references.ts';
import { findResponseRow, upsertResponse } from './response-repository.ts';

/** What a clone knows: who receives the copies, and source → copy ids of the commands (and variables) it copied. */
export interface CloneIdMap {
  userId: number;
  commandIdMap: ReadonlyMap<number, number>;
  variableIdMap?: ReadonlyMap<number, number>;
}

type Remap = (id: number | null) => number | null;

/**
 * An id points at the copy when its target was cloned too, stays when the receiver owns the source, and is
 * dropped when it would point into another owner's account.
 */
function remapperOf(map: ReadonlyMap<number, number> | undefined, isOwnSource: boolean): Remap {
  return (id) => (id === null ? null : (map?.get(id) ?? (isOwnSource ? id : null)));
}

function remapBody(body: ResponseBody, idMap: CloneIdMap, isOwnSource: boolean): ResponseBody {
  const command = remapperOf(idMap.commandIdMap, isOwnSource);
  const variable = remapperOf(idMap.variableIdMap, isOwnSource);
  const parameters = <T extends { var_id: number | null }>(list: T[]) =>
    list.map((parameter) => ({ ...parameter, var_id: variable(parameter.var_id) }));
  const ownOnly = (id: number | null) => (isOwnSource ? id : null);
  return {
    ...body,
    resp_quick_reply: body.resp_quick_reply.map((reply) => ({
      ...reply,
      command_id: command(reply.command_id),
    })),
    resp_cart_quantity: variable(body.resp_cart_quantity),
    resp_api_pars: parameters(body.resp_api_pars),
    resp_user_data_pars: parameters(body.resp_user_data_pars),
    resp_actions: body.resp_actions.map((action) => ({
      ...action,
      resp_action_api_pars: parameters(action.resp_action_api_pars),
    })),
    // data sources and subscription channels are always private to their owner
    resp_data_source_id: ownOnly(body.resp_data_source_id),
    resp_sub_channel: ownOnly(body.resp_sub_channel),
  };
}

/** Sets the value at a dotted path (`resp_dataset.groups.0.1.var_id`) to null, if the path is there. */
function clearAt(record: Record<string, unknown>, path: string): void {
  const keys = path.split('.');
  const leaf = keys.pop() as string;
  let node: unknown = record;
  for (const key of keys)
    node = node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
  if (node !== null && typeof node === 'object' && leaf in node)
    (node as Record<string, unknown>)[leaf] = null;
}

/**
 * Drops what the receiver may not point at, as a save would refuse it: another owner's private dataset or menu,
 * a variable or command that was not cloned, a dataset that is gone.
 */
async function dropRefusedReferences(
  db: Database,
  userId: number,
  body: ResponseBody,
): Promise<ResponseBody> {
  const refused = await findRefusedReferences(db, userId, body);
  if (refused.length === 0) return body;
  const copy = structuredClone(body);
  for (const reference of refused) clearAt(copy, reference.path);
  return copy;
}

/**
 * Copies a command's response and advertises onto its clone, remapping quick-reply command ids and variable ids
 * that point inside the cloned set. Run inside the clone's transaction.
 */
export async function copyResponse(
  db: Database,
  fromCommandId: number,
  toCommandId: number,
  idMap: CloneIdMap,
): Promise<void> {
  const to = { userId: idMap.userId, commandId: toCommandId };
  const row = await findResponseRow(db, fromCommandId);
  if (row) {
    const body = normalizeResponseBody(fromJson<unknown>(row.resp_record, {}));
    const remapped = remapBody(body, idMap, row.user_id === idMap.userId);
    await upsertResponse(db, to, await dropRefusedReferences(db, idMap.userId, remapped));
  }
  await copyAdvertises(db, fromCommandId, to);
}

/** copyResponse for every command of a clone (the commands module's commandIdMap). */
export async function copyResponses(db: Database, idMap: CloneIdMap): Promise<void> {
  for (const [fromCommandId, toCommandId] of idMap.commandIdMap) {
    await copyResponse(db, fromCommandId, toCommandId, idMap);
  }
}
