import { fetchVariable } from './variables-api.ts';

/** Breadcrumb name of `…/variables/{var_id}` (spec §2: names come from the browse calls). */
export async function variableCrumbName(variableId: string): Promise<string> {
  const variable = await fetchVariable(Number(variableId));
  return variable.var_name;
}
