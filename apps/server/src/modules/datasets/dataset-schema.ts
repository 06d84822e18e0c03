import {
  type DatasetField,
  type DatasetType,
  datasetMessages,
  fieldExistsMessage,
  menuFixedFields,
} from '@hiwar/contracts';
import { AppError } from '../../platform/http/app-error.ts';

const menuFixedNames: ReadonlySet<string> = new Set(menuFixedFields.map((field) => field.name));

/** Only a read-write field (or one saved before permissions existed) may be renamed, retyped or removed. */
export const isEditableField = (field: DatasetField) => field.permission !== 'r';

/** Refuses a schema that names a field twice, with the spec's '{name} field is exist'. */
export function checkUniqueFieldNames(schema: DatasetField[], path: string): void {
  const seen = new Set<string>();
  for (const field of schema) {
    if (seen.has(field.name)) throw AppError.invalidField(path, fieldExistsMessage(field.name));
    seen.add(field.name);
  }
}

/**
 * A menu's schema: its five fixed fields (title, tags, subtitle, price, image) first and read-only, added
 * when missing; every other field read-write. A dataset's schema is kept as given.
 */
export function schemaForType(type: DatasetType, schema: DatasetField[]): DatasetField[] {
  if (type !== 'menu') return schema;
  const fixed = menuFixedFields.map((field) => ({ ...field }));
  const extra = schema
    .filter((field) => !menuFixedNames.has(field.name))
    .map((field) => ({ ...field, permission: 'rw' as const }));
  return [...fixed, ...extra];
}

/**
 * Refuses a new schema that changes or drops a read-only field of the current one. Answers the changes the
 * records must follow: the read-write fields dropped and those whose type changed.
 */
export function schemaChanges(current: DatasetField[], next: DatasetField[]) {
  const nextByName = new Map(next.map((field) => [field.name, field]));
  const dropped: string[] = [];
  const retyped: DatasetField[] = [];
  for (const field of current) {
    const replacement = nextByName.get(field.name);
    if (!isEditableField(field) && replacement?.type !== field.type) {
      throw AppError.invalidField('ds_schema', datasetMessages.fieldReadOnly);
    }
    if (!replacement) dropped.push(field.name);
    else if (replacement.type !== field.type) retyped.push(replacement);
  }
  return { dropped, retyped };
}
