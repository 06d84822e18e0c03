import { menuFixedFields } from '@hiwar/contracts';
import { useCommandVariables } from '../../../lib/commands-api.ts';
import { useDatasetSchema } from '../../variables/index.ts';
import type { StepProps } from '../step-props.ts';
import { specialDatasetFields } from './dataset-query-values.ts';
import type { PlaceholderLists } from './placeholder-tokens.ts';

/** The command's variables (a failed load lists none). */
export function useVariableChoices(commandId: number) {
  return useCommandVariables(commandId).data ?? [];
}

/**
 * What `@v @d @m @f` offer in a step: the command's variables, the columns of the response's dataset, the
 * menu's fields when a menu is chosen, and `fields` — the struct context of the screen (component or result
 * columns).
 */
export function usePlaceholderLists(
  { commandId, record }: Pick<StepProps, 'commandId' | 'record'>,
  fields: readonly string[] = [],
): PlaceholderLists {
  const variables = useVariableChoices(commandId);
  const dataset = useDatasetSchema(record.resp_dataset_id);
  const columns = dataset.data
    ? [...dataset.data.ds_schema.map((field) => field.name), '_id', ...specialDatasetFields]
    : [];
  return {
    v: variables.map((variable) => variable.var_name),
    d: columns,
    m: record.resp_menu_id === null ? [] : menuFixedFields.map((field) => field.name),
    f: fields,
  };
}
