import type { VariableRecord } from '@hiwar/contracts';
import { interpolate } from '../interpolate.ts';

/** A parameter of an api call, an api action or a user-data write (spec part 2 §3 "Parameters"). */
export interface ValueParameter {
  name: string;
  var_id: number | null;
  var_name: string;
  var_default_value: string;
}

export interface ParameterSources {
  /** the command's variables (a parameter names one by id) */
  variables: readonly VariableRecord[];
  /** the sender bank's values by variable name */
  vars: Record<string, unknown>;
  /** `{{name}}` values for defaults */
  placeholders: Record<string, string>;
}

/**
 * A parameter's value: its variable's value when the sender gave one, else its default with `{{…}}` filled in;
 * undefined when it has neither. A `pars` parameter (the editor clears its variable and default, spec part 2 §4)
 * takes the value of the sender's variable with the parameter's own name.
 */
export function parameterValue(parameter: ValueParameter, sources: ParameterSources): unknown {
  const isPars =
    parameter.var_id === null &&
    parameter.var_name.trim() === '' &&
    parameter.var_default_value.trim() === '';
  const variableName =
    sources.variables.find((variable) => variable.var_id === parameter.var_id)?.var_name ??
    (parameter.var_name.trim() || (isPars ? parameter.name.trim() : null));
  if (variableName !== null) {
    const value = sources.vars[variableName];
    if (value !== undefined && value !== null && value !== '') return value;
  }
  if (parameter.var_default_value.trim() === '') return undefined;
  return interpolate(parameter.var_default_value, sources.placeholders);
}
