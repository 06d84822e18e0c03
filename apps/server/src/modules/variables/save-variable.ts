import { datasetMessages, type SaveVariableInput, variableMessages } from '@hiwar/contracts';
import type { FastifySchemaValidationError } from 'fastify';
import { findMissingReferences, type IsUsable, type Reference } from '../../kernel/owned-references.ts';
import type { Database } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { fieldErrorsOf } from '../../platform/http/field-errors.ts';
import { requireOwnCommand } from '../commands/command-actions.ts';
import { isOwnCommand } from '../commands/command-repository.ts';
import { isComponentEntity } from '../components/component-entities.ts';
import { findReadableDataset } from '../datasets/dataset-repository.ts';
import {
  findOwnVariable,
  insertVariable,
  isVariableNameTaken,
  updateVariable,
  type VariableFields,
} from './variable-repository.ts';

/** The variable form shows one message: the answer's msg is the first rule broken, errors has them all. */
function refused(field: string, message: string): AppError {
  return new AppError('validation', message, { [field]: [message] });
}

export function variableValidationError(issues: readonly FastifySchemaValidationError[]): AppError {
  const errors = fieldErrorsOf(
    issues.map((issue) => ({ path: issue.instancePath, message: issue.message ?? '' })),
  );
  const first = Object.values(errors)[0]?.[0];
  return new AppError('validation', first, errors);
}

/** What a variable's ids may point at (the same tests as `references/owned-references.ts`' for these kinds). */
const variableReferenceKinds = {
  readableDataset: async (db, userId, id) => (await findReadableDataset(db, userId, id)) !== undefined,
  ownVariable: async (db, userId, id) => (await findOwnVariable(db, userId, id)) !== undefined,
  ownCommand: (db, userId, id) => isOwnCommand(db, userId, id),
} satisfies Record<string, IsUsable>;

type VariableReference = Reference<keyof typeof variableReferenceKinds>;

/** The ids a variable carries, in the form's order, each with the message the form shows when it is refused. */
function referencesOf(input: SaveVariableInput): VariableReference[] {
  return [
    {
      path: 'var_type_ds_id',
      kind: 'readableDataset',
      id: input.var_type_ds_id,
      message: variableMessages.datasetNotFound,
    },
    {
      path: 'var_default_val_preference_id',
      kind: 'ownVariable',
      id: input.var_default_val_preference_id,
      message: variableMessages.preferenceNotFound,
    },
    {
      path: 'var_cursor_var_id',
      kind: 'ownVariable',
      id: input.var_cursor_var_id,
      message: variableMessages.cursorNotFound,
    },
    {
      path: 'var_fallback_redirect_command_id',
      kind: 'ownCommand',
      id: input.var_fallback_redirect_command_id,
      message: variableMessages.redirectNotFound,
    },
  ];
}

/** The where and return fields must be fields of the (readable) dataset's schema. */
async function checkDatasetFields(db: Database, userId: number, input: SaveVariableInput): Promise<void> {
  const dataset = await findReadableDataset(db, userId, input.var_type_ds_id ?? 0);
  const fieldNames = new Set(dataset?.ds_schema.map((field) => field.name));
  for (const column of ['var_type_ds_field_where', 'var_type_ds_field_return'] as const) {
    const fieldName = input[column];
    if (fieldName !== '' && !fieldNames.has(fieldName)) throw refused(column, datasetMessages.fieldUnknown);
  }
}

/** References must point at the owner's own rows (or a public dataset); the first refused one answers. */
async function checkReferences(db: Database, userId: number, input: SaveVariableInput): Promise<void> {
  const [missing] = await findMissingReferences(db, userId, referencesOf(input), variableReferenceKinds);
  if (missing) throw refused(missing.path, missing.message);
  if (input.var_type_ds_id !== null) await checkDatasetFields(db, userId, input);
  if (input.var_type === 'component' && !isComponentEntity(input.entity_name)) {
    throw refused('entity_name', variableMessages.entityUnknown);
  }
}

/** A datasetList keeps its dataset but is stored as a list: its values were merged into var_val_list. */
function storedFieldsOf(input: SaveVariableInput): VariableFields {
  return { ...input, var_type: input.var_type === 'datasetList' ? 'list' : input.var_type };
}

export interface VariableTarget {
  userId: number;
  /** 0 creates */
  varId: number;
  commandId: number;
}

/** Finds the owner's command (and variable) first, so a foreign id answers 404 before any validation. */
export async function requireVariableTarget(db: Database, target: VariableTarget): Promise<void> {
  await requireOwnCommand(db, target.userId, target.commandId);
  if (target.varId === 0) return;
  const variable = await findOwnVariable(db, target.userId, target.varId);
  if (!variable || variable.var_command_id !== target.commandId) throw new AppError('not_found');
}

/** Creates or updates a variable of the owner's command (POST /command_var/save); answers its id. */
export async function saveVariable(
  db: Database,
  target: VariableTarget,
  input: SaveVariableInput,
): Promise<number> {
  const exceptId = target.varId === 0 ? null : target.varId;
  if (await isVariableNameTaken(db, target.commandId, input.var_name, exceptId)) {
    throw refused('var_name', variableMessages.nameTaken);
  }
  await checkReferences(db, target.userId, input);
  const fields = storedFieldsOf(input);
  if (target.varId === 0) {
    return insertVariable(db, { userId: target.userId, commandId: target.commandId }, fields);
  }
  await updateVariable(db, target.varId, fields);
  return target.varId;
}
