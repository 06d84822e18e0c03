import type { Department } from '@hiwar/contracts';
import { nowIso } from '../../platform/db/clock.ts';
import type { Database } from '../../platform/db/database.ts';
import type { DepartmentTables } from './department-tables.ts';

function tablesOf(db: Database) {
  return db.withTables<DepartmentTables>();
}

/** What makes two names the same department: case and surrounding spaces do not count. */
export function departmentNameKey(name: string): string {
  return name.trim().toLowerCase();
}

/** The owner's departments, in the order they were added. */
export function listDepartments(db: Database, userId: number): Promise<Department[]> {
  return tablesOf(db)
    .selectFrom('cs_departments')
    .select(['department_id as id', 'name'])
    .where('user_id', '=', userId)
    .orderBy('department_id')
    .execute();
}

export async function countDepartments(db: Database, userId: number): Promise<number> {
  const row = await tablesOf(db)
    .selectFrom('cs_departments')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export function findOwnDepartment(
  db: Database,
  userId: number,
  departmentId: number,
): Promise<Department | undefined> {
  return tablesOf(db)
    .selectFrom('cs_departments')
    .select(['department_id as id', 'name'])
    .where('department_id', '=', departmentId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The owner's department of that name (case and surrounding spaces aside), if any. */
export function findDepartmentByName(
  db: Database,
  userId: number,
  name: string,
): Promise<Department | undefined> {
  return tablesOf(db)
    .selectFrom('cs_departments')
    .select(['department_id as id', 'name'])
    .where('user_id', '=', userId)
    .where('name_key', '=', departmentNameKey(name))
    .executeTakeFirst();
}

export async function insertDepartment(db: Database, userId: number, name: string): Promise<number> {
  const row = await tablesOf(db)
    .insertInto('cs_departments')
    .values({ user_id: userId, name, name_key: departmentNameKey(name) })
    .returning('department_id')
    .executeTakeFirstOrThrow();
  return Number(row.department_id);
}

/** Renames one of the owner's departments; answers false when the id is not one of them. */
export async function renameDepartment(
  db: Database,
  userId: number,
  departmentId: number,
  name: string,
): Promise<boolean> {
  const result = await tablesOf(db)
    .updateTable('cs_departments')
    .set({ name, name_key: departmentNameKey(name), updated_at: nowIso() })
    .where('department_id', '=', departmentId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteDepartmentRow(
  db: Database,
  userId: number,
  departmentId: number,
): Promise<boolean> {
  const result = await tablesOf(db)
    .deleteFrom('cs_departments')
    .where('department_id', '=', departmentId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
