/** A parameter of a user-data write or an api action (spec part 2 §3 "Parameters"). */
export interface EditableParameter {
  name: string;
  var_id: number | null;
  var_name: string;
  var_default_value: string;
  is_primary?: 0 | 1;
  type?: string;
}

export type ParameterProblem = 'nameRequired' | 'nameTaken' | 'valueRequired';

export const blankParameter = (): EditableParameter => ({
  name: '',
  var_id: null,
  var_name: '',
  var_default_value: '',
});

/**
 * Spec §5: a name, unique among the others (the edited row excluded), and a variable or a default value.
 * `index` is the row being edited, -1 when adding.
 */
export function parameterProblem(
  parameter: EditableParameter,
  parameters: readonly EditableParameter[],
  index: number,
): ParameterProblem | null {
  const name = parameter.name.trim();
  if (name === '') return 'nameRequired';
  if (parameters.some((other, at) => at !== index && other.name.trim().toLowerCase() === name.toLowerCase()))
    return 'nameTaken';
  if (parameter.var_id === null && parameter.var_default_value.trim() === '') return 'valueRequired';
  return null;
}

/** Puts `item` at `index` of a list (-1 appends): parameters, actions. */
export function placeAt<T>(items: readonly T[], item: T, index: number): T[] {
  return index < 0 ? [...items, item] : items.map((old, at) => (at === index ? item : old));
}
