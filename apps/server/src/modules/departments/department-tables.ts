import type { Generated } from 'kysely';
import type { CreatedAt, UpdatedAt } from '../../platform/db/tables.ts';

/** `cs_departments` (migration 0019): a customer-support department an owner names in settings. */
export interface CsDepartmentsTable {
  department_id: Generated<number>;
  user_id: number;
  name: string;
  /** the name trimmed and lowercased: unique per owner */
  name_key: string;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export type DepartmentTables = {
  cs_departments: CsDepartmentsTable;
};
