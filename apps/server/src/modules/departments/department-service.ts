import {
  DEPARTMENTS_MAX,
  type Department,
  departmentInUseMessage,
  departmentMessages,
} from '@hiwar/contracts';
import { uniqueViolationColumns } from '../../platform/db/constraint-errors.ts';
import type { Database } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import {
  countDepartments,
  deleteDepartmentRow,
  findDepartmentByName,
  findOwnDepartment,
  insertDepartment,
  renameDepartment,
} from './department-repository.ts';
import { findDepartmentUsers } from './department-usage.ts';

const nameTaken = () => AppError.invalidField('name', departmentMessages.nameTaken);

/** Two saves of the same name at once: the unique index refuses the second, answered like the check's refusal. */
function rethrowNameTaken(error: unknown): never {
  if (uniqueViolationColumns(error)?.includes('name_key')) throw nameTaken();
  throw error;
}

/** POST /user/add_cs_department: a new department; its name is not one the owner already has. */
export async function addDepartment(db: Database, userId: number, name: string): Promise<Department> {
  if (await findDepartmentByName(db, userId, name)) throw nameTaken();
  if ((await countDepartments(db, userId)) >= DEPARTMENTS_MAX)
    throw AppError.invalidField('name', departmentMessages.tooMany);
  try {
    return { id: await insertDepartment(db, userId, name), name };
  } catch (error) {
    rethrowNameTaken(error);
  }
}

/** POST /user/update_cs_department/{id}: renames one of the owner's (another owner's id: not found). */
export async function updateDepartment(
  db: Database,
  userId: number,
  departmentId: number,
  name: string,
): Promise<Department> {
  if (!(await findOwnDepartment(db, userId, departmentId))) throw new AppError('not_found');
  const namesake = await findDepartmentByName(db, userId, name);
  if (namesake && namesake.id !== departmentId) throw nameTaken();
  try {
    await renameDepartment(db, userId, departmentId, name);
  } catch (error) {
    rethrowNameTaken(error);
  }
  return { id: departmentId, name };
}

/** POST /user/delete_cs_department/{id}: refused, naming them, while a response's cs_connect action uses it. */
export async function deleteDepartment(db: Database, userId: number, departmentId: number): Promise<void> {
  if (!(await findOwnDepartment(db, userId, departmentId))) throw new AppError('not_found');
  const users = await findDepartmentUsers(db, userId, departmentId);
  if (users.length > 0) throw new AppError('conflict', departmentInUseMessage(users));
  await deleteDepartmentRow(db, userId, departmentId);
}
