import type { Department } from '@hiwar/contracts';
import type { Database } from '../../platform/db/database.ts';
import {
  departmentNameKey,
  findDepartmentByName,
  insertDepartment,
  listDepartments,
} from '../departments/department-repository.ts';
import { chatwootClientOf } from './chatwoot-relay.ts';

/**
 * The owner's departments (GET /user/get_cs_departments). When the support endpoint is a Chatwoot inbox, its
 * teams are the departments: each team is kept as a department of the same name (so a response's cs_connect
 * action stores a department id as always, and the hand-over finds the team by that name), and only those are
 * answered, in Chatwoot's order. Chatwoot unreachable: the departments as last seen, and the reason logged.
 */
export async function departmentsOf(
  db: Database,
  userId: number,
  log: { warn(object: unknown, message: string): void },
): Promise<Department[]> {
  const client = await chatwootClientOf(db, userId);
  if (!client) return listDepartments(db, userId);
  try {
    const teams = await client.listTeams();
    const answer: Department[] = [];
    for (const team of teams) {
      const name = team.name.trim().slice(0, 100);
      if (name === '') continue;
      const found = await findDepartmentByName(db, userId, name);
      const id = found ? Number(found.id) : await insertDepartment(db, userId, name);
      if (!answer.some((department) => departmentNameKey(department.name) === departmentNameKey(name))) {
        answer.push({ id, name: found?.name ?? name });
      }
    }
    return answer;
  } catch (error) {
    log.warn(
      { err: error, userId },
      'the Chatwoot teams could not be read; answering the departments as stored',
    );
    return listDepartments(db, userId);
  }
}
