import { type Department, departmentListResponse } from '@hiwar/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

/** The owner's customer-support departments; the response editor's cs_connect picker reads the same query. */
export const departmentsQueryKey = ['user', 'cs_departments'] as const;

/** GET /user/get_cs_departments, checked against its contract (anything else is a failed load). */
export async function fetchDepartments(): Promise<Department[]> {
  const answer = departmentListResponse.safeParse(await api.get('/user/get_cs_departments'));
  if (!answer.success) throw new Error('unexpected answer of /user/get_cs_departments');
  return answer.data.data;
}

export function useDepartments(isNeeded = true) {
  return useQuery({ queryKey: departmentsQueryKey, queryFn: fetchDepartments, enabled: isNeeded });
}

export function addDepartment(name: string) {
  return api.post('/user/add_cs_department', { name });
}

export function renameDepartment({ id, name }: { id: number; name: string }) {
  return api.post(`/user/update_cs_department/${id}`, { name });
}

export function deleteDepartment(id: number) {
  return api.post(`/user/delete_cs_department/${id}`);
}
