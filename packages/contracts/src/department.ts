import { z } from 'zod';
import { okWith } from './envelope.ts';
import { idParam } from './numeric-input.ts';

/**
 * Customer-support departments (spec part 2 §6, §7): where a response's cs_connect action hands the sender
 * over. The owner names them in settings; `GET /user/get_cs_departments` lists them for the response editor.
 */
export const DEPARTMENT_NAME_MAX = 100;
/** How many departments one owner may name. */
export const DEPARTMENTS_MAX = 50;

export const departmentMessages = {
  nameRequired: 'The department name field is required',
  nameTooLong: 'The department name may not be greater than 100 characters',
  nameTaken: 'The department name has already been taken',
  tooMany: 'You may not have more than 50 departments',
  departmentNotFound: 'The selected department is invalid',
} as const;

/** Deleting a department a response's cs_connect action points at is refused, naming those responses. */
export const departmentInUseMessage = (users: string[]) => `The department is used by ${users.join(', ')}`;

/** A department's name: required, trimmed, at most 100 characters. */
export const departmentName = z
  .string({ error: departmentMessages.nameRequired })
  .trim()
  .min(1, departmentMessages.nameRequired)
  .max(DEPARTMENT_NAME_MAX, departmentMessages.nameTooLong);

/** POST /user/add_cs_department and POST /user/update_cs_department/{id}: `{name}`. */
export const saveDepartmentRequest = z.object({ name: departmentName });
export type SaveDepartmentRequest = z.infer<typeof saveDepartmentRequest>;

export const departmentIdParams = z.object({ id: idParam });

export const department = z.object({ id: z.number(), name: z.string() });
export type Department = z.infer<typeof department>;

/** GET /user/get_cs_departments: the owner's departments, oldest first. */
export const departmentListResponse = okWith(z.array(department));

/** The add and update calls answer the saved department. */
export const savedDepartmentResponse = okWith(department);
