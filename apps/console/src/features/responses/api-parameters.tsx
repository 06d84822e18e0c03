import type { ResponseBody } from '@hiwar/contracts';
import { Select, SimpleGrid, TextInput } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useVariableChoices } from './builders/use-placeholder-lists.ts';
import { EditableList, useListEditor } from './editable-list.tsx';

export type ApiParameter = ResponseBody['resp_api_pars'][number];

type ParameterProblem = { field: 'name' | 'value'; message: string };

/** Spec part 2 §5 "API parameter": a name not used by another, and a variable or a default value. */
function parameterProblem(
  parameters: ApiParameter[],
  draft: ApiParameter,
  index: number,
  t: TFunction,
): ParameterProblem | null {
  const name = draft.name.trim();
  if (name === '') return { field: 'name', message: t('responses.api.parameterNameRequired') };
  if (parameters.some((parameter, at) => at !== index && parameter.name.trim() === name))
    return { field: 'name', message: t('responses.messages.parameterNameTaken') };
  if (draft.var_id === null && draft.var_default_value.trim() === '')
    return { field: 'value', message: t('responses.messages.parameterValueRequired') };
  return null;
}

interface ApiParametersProps {
  commandId: number;
  parameters: ApiParameter[];
  onChange(parameters: ApiParameter[]): void;
  error?: string;
}

/** The api request's parameters: each a name with a variable of the command or a default value. */
export function ApiParameters({ commandId, parameters, onChange, error }: ApiParametersProps) {
  const { t } = useTranslation();
  const variables = useVariableChoices(commandId);
  const editor = useListEditor<ApiParameter, ParameterProblem>({
    items: parameters,
    onChange,
    empty: () => ({ name: '', var_id: null, var_name: '', var_default_value: '' }),
    problemOf: (draft, index) => parameterProblem(parameters, draft, index, t),
    clean: (draft) => ({ ...draft, name: draft.name.trim() }),
  });
  const { draft, setDraft, problem } = editor;
  function pickVariable(value: string | null) {
    const variable = variables.find((choice) => String(choice.var_id) === value);
    setDraft({ ...draft, var_id: variable?.var_id ?? null, var_name: variable?.var_name ?? '' });
  }
  return (
    <EditableList
      legend={t('responses.api.parameters')}
      items={parameters}
      onChange={onChange}
      editor={editor}
      describe={(parameter) =>
        `${parameter.name} = ${parameter.var_id === null ? parameter.var_default_value : `{{${parameter.var_name}}}`}`
      }
      labels={{
        edit: (parameter) => t('responses.api.editParameter', { name: parameter.name }),
        remove: (parameter) => t('responses.api.removeParameter', { name: parameter.name }),
        add: t('responses.api.addParameter'),
        update: t('responses.api.updateParameter'),
      }}
      rowTestId="api-parameter"
      error={error}
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
        <TextInput
          label={t('responses.api.parameterName')}
          value={draft.name}
          maxLength={190}
          onChange={(event) => setDraft({ ...draft, name: event.currentTarget.value })}
          error={problem?.field === 'name' ? problem.message : undefined}
        />
        <Select
          label={t('responses.api.parameterVariable')}
          data={variables.map((variable) => ({ value: String(variable.var_id), label: variable.var_name }))}
          value={draft.var_id === null ? null : String(draft.var_id)}
          onChange={pickVariable}
          clearable
        />
        <TextInput
          label={t('responses.api.parameterDefault')}
          value={draft.var_default_value}
          maxLength={1000}
          onChange={(event) => setDraft({ ...draft, var_default_value: event.currentTarget.value })}
          error={problem?.field === 'value' ? problem.message : undefined}
        />
      </SimpleGrid>
    </EditableList>
  );
}
