import {
  findMissingReferences as findMissing,
  type IsUsable,
  type Reference as KindReference,
} from '../../kernel/owned-references.ts';
import type { Database } from '../../platform/db/database.ts';
import { isOwnCommand } from '../commands/command-repository.ts';
import { findBuiltInComponent } from '../components/component-registry.ts';
import { findOwnDataSource } from '../data-sources/data-source-repository.ts';
import { findReadableDataset } from '../datasets/dataset-repository.ts';
import { findOwnDepartment } from '../departments/department-repository.ts';
import { findOwnChannel } from '../subscriptions/channel-repository.ts';
import { findOwnVariable } from '../variables/variable-repository.ts';

/**
 * What a saved id may point at, and how to tell that the owner may point at it. Each answers through the owning
 * module's repository. A new referenced table adds a line.
 */
export const referenceKinds = {
  ownCommand: (db, userId, id) => isOwnCommand(db, userId, id),
  ownVariable: async (db, userId, id) => (await findOwnVariable(db, userId, id)) !== undefined,
  /** read from: the owner's dataset, or another owner's public one (as the pickers list them) */
  readableDataset: async (db, userId, id) => (await findReadableDataset(db, userId, id)) !== undefined,
  readableMenu: async (db, userId, id) => (await findReadableDataset(db, userId, id))?.ds_type === 'menu',
  /** written to: only the owner's own dataset — a public dataset is still edited by its owner alone */
  ownDataset: async (db, userId, id) => (await findReadableDataset(db, userId, id))?.user_id === userId,
  /** the owner's own connection (switched off or not: switching it on again must not break the response) */
  dataSource: async (db, userId, id) => (await findOwnDataSource(db, userId, id)) !== undefined,
  /** a built-in component (its id is fixed in the registry, the same for every owner) */
  component: async (_db, _userId, id) => findBuiltInComponent(id) !== undefined,
  /** the owner's customer-support department (a cs_connect action hands over to it) */
  ownDepartment: async (db, userId, id) => (await findOwnDepartment(db, userId, id)) !== undefined,
  /** the owner's subscription channel (a `sub` response joins it) */
  subscriptionChannel: async (db, userId, id) => (await findOwnChannel(db, userId, id)) !== undefined,
} satisfies Record<string, IsUsable>;

export type ReferenceKind = keyof typeof referenceKinds;

/** One id a request carries, of a kind this table knows. */
export type Reference = KindReference<ReferenceKind>;

/** The references that point at nothing the owner may use, in the order given (`kernel/owned-references.ts`). */
export function findMissingReferences(
  db: Database,
  userId: number,
  references: readonly Reference[],
): Promise<Reference[]> {
  return findMissing(db, userId, references, referenceKinds);
}
