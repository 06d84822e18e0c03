import type { Database } from '../../platform/db/database.ts';
import { findReadableDataset } from '../datasets/dataset-repository.ts';
import {
  insertVariableRow,
  listVariablesOfCommands,
  updateVariableReferences,
  type VariableReferences,
  type VariableRow,
} from './variable-repository.ts';

export interface CopyTarget {
  /** the owner receiving the copies */
  userId: number;
  /** source command id → copied command id */
  commandIdMap: Map<number, number>;
}

/**
 * Where a copied variable's references point: at the copies when the referenced variable or command was
 * copied too, at the original when the caller owns it, and nowhere when it belongs to another owner.
 */
export function remapReferences(
  source: VariableRow,
  target: CopyTarget,
  variableIdMap: Map<number, number>,
): VariableReferences {
  const isOwnSource = source.user_id === target.userId;
  const remap = (id: number | null, map: Map<number, number>) => {
    if (id === null) return null;
    return map.get(id) ?? (isOwnSource ? id : null);
  };
  return {
    var_cursor_var_id: remap(source.var_cursor_var_id, variableIdMap),
    var_default_val_preference_id: remap(source.var_default_val_preference_id, variableIdMap),
    var_fallback_redirect_command_id: remap(source.var_fallback_redirect_command_id, target.commandIdMap),
  };
}

async function datasetIdForCopy(db: Database, source: VariableRow, userId: number): Promise<number | null> {
  if (source.var_type_ds_id === null || source.user_id === userId) return source.var_type_ds_id;
  const dataset = await findReadableDataset(db, userId, source.var_type_ds_id);
  return dataset ? dataset.ds_id : null;
}

/**
 * Copies the variables of the mapped commands onto their copies and answers source var id → copied var id.
 * Run inside the caller's transaction.
 */
export async function copyVariables(db: Database, target: CopyTarget): Promise<Map<number, number>> {
  const sources = await listVariablesOfCommands(db, [...target.commandIdMap.keys()]);
  const variableIdMap = new Map<number, number>();
  for (const source of sources) {
    const copiedCommandId = target.commandIdMap.get(source.var_command_id);
    if (copiedCommandId === undefined) continue;
    const { var_id: sourceId, created_at: _created, updated_at: _updated, ...fields } = source;
    const copiedId = await insertVariableRow(db, {
      ...fields,
      user_id: target.userId,
      var_command_id: copiedCommandId,
      var_type_ds_id: await datasetIdForCopy(db, source, target.userId),
      var_cursor_var_id: null,
      var_default_val_preference_id: null,
      var_fallback_redirect_command_id: null,
    });
    variableIdMap.set(sourceId, copiedId);
  }
  for (const source of sources) {
    const copiedId = variableIdMap.get(source.var_id);
    const references = remapReferences(source, target, variableIdMap);
    if (copiedId !== undefined && Object.values(references).some((id) => id !== null)) {
      await updateVariableReferences(db, copiedId, references);
    }
  }
  return variableIdMap;
}
