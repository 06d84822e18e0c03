import type { VariableListItem } from '@hiwar/contracts';
import {
  Button,
  Checkbox,
  Fieldset,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  blankParameter,
  type EditableParameter,
  type ParameterProblem,
  parameterProblem,
  placeAt,
} from './parameter-values.ts';
import { PlaceholderInput } from './placeholder-field.tsx';
import type { PlaceholderLists } from './placeholder-tokens.ts';
import { RowActions } from './row-actions.tsx';

interface ParameterEditorProps {
  parameters: EditableParameter[];
  onChange: (parameters: EditableParameter[]) => void;
  variables: readonly VariableListItem[];
  lists: PlaceholderLists;
  /** given: the name is one of these dataset columns and the parameter takes its type (user data) */
  columns?: readonly { name: string; type: string }[];
  /** user data: a parameter may be part of the record's key */
  withPrimary?: boolean;
}

/** Parameter rows with add and edit modes (index -1 adds): name, a variable or a default value. */
export function ParameterEditor({
  parameters,
  onChange,
  variables,
  lists,
  columns,
  withPrimary,
}: ParameterEditorProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(blankParameter);
  const [index, setIndex] = useState(-1);
  const [problem, setProblem] = useState<ParameterProblem | null>(null);
  const change = (patch: Partial<EditableParameter>) => {
    setDraft((old) => ({ ...old, ...patch }));
    setProblem(null);
  };
  const reset = () => {
    setDraft(blankParameter());
    setIndex(-1);
    setProblem(null);
  };
  const submit = () => {
    const variable = variables.find((candidate) => candidate.var_id === draft.var_id);
    const parameter = { ...draft, name: draft.name.trim(), var_name: variable?.var_name ?? '' };
    const found = parameterProblem(parameter, parameters, index);
    if (found) {
      setProblem(found);
      return;
    }
    onChange(
      placeAt(
        parameters,
        withPrimary ? { ...parameter, is_primary: parameter.is_primary ?? 0 } : parameter,
        index,
      ),
    );
    reset();
  };
  const nameError =
    problem === 'nameRequired' || problem === 'nameTaken'
      ? t(`responses.builders.parameters.${problem}`)
      : undefined;
  const valueError =
    problem === 'valueRequired' ? t('responses.builders.parameters.valueRequired') : undefined;
  const variableChoices = variables.map((variable) => ({
    value: String(variable.var_id),
    label: variable.var_name,
  }));

  return (
    <Stack gap="sm">
      {parameters.length > 0 && (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('responses.builders.parameters.name')}</Table.Th>
              <Table.Th>{t('responses.builders.parameters.value')}</Table.Th>
              {withPrimary && <Table.Th>{t('responses.builders.parameters.primary')}</Table.Th>}
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {parameters.map((parameter, at) => (
              <Table.Tr key={parameter.name}>
                <Table.Td dir="auto">{parameter.name}</Table.Td>
                <Table.Td dir="auto">
                  {parameter.var_id !== null ? `{{${parameter.var_name}}}` : parameter.var_default_value}
                </Table.Td>
                {withPrimary && <Table.Td>{parameter.is_primary === 1 ? '✓' : ''}</Table.Td>}
                <Table.Td>
                  <RowActions
                    editLabel={t('responses.builders.parameters.edit', { name: parameter.name })}
                    removeLabel={t('responses.builders.parameters.remove', { name: parameter.name })}
                    onEdit={() => {
                      setDraft(parameter);
                      setIndex(at);
                      setProblem(null);
                    }}
                    onRemove={() => {
                      onChange(parameters.filter((_, other) => other !== at));
                      reset();
                    }}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Fieldset
        legend={t(
          index < 0 ? 'responses.builders.parameters.addTitle' : 'responses.builders.parameters.editTitle',
        )}
      >
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
          {columns ? (
            <Select
              label={t('responses.builders.parameters.column')}
              data={columns.map((column) => column.name)}
              value={draft.name || null}
              onChange={(name) =>
                change({ name: name ?? '', type: columns.find((column) => column.name === name)?.type ?? '' })
              }
              error={nameError}
              searchable
            />
          ) : (
            <TextInput
              label={t('responses.builders.parameters.name')}
              value={draft.name}
              onChange={(event) => change({ name: event.currentTarget.value })}
              error={nameError}
              dir="ltr"
            />
          )}
          <Select
            label={t('responses.builders.parameters.variable')}
            data={variableChoices}
            value={draft.var_id === null ? null : String(draft.var_id)}
            onChange={(id) => change({ var_id: id === null ? null : Number(id) })}
            error={valueError}
            clearable
            searchable
          />
          <PlaceholderInput
            label={t('responses.builders.parameters.default')}
            value={draft.var_default_value}
            onChange={(value) => change({ var_default_value: value })}
            lists={lists}
          />
        </SimpleGrid>
        {withPrimary && (
          <Checkbox
            mt="xs"
            label={t('responses.builders.parameters.primary')}
            checked={draft.is_primary === 1}
            onChange={(event) => change({ is_primary: event.currentTarget.checked ? 1 : 0 })}
          />
        )}
        <Text size="xs" c="dimmed" mt={4}>
          {t('responses.builders.parameters.hint')}
        </Text>
        <Group gap="xs" mt="xs">
          <Button variant="light" onClick={submit}>
            {t(index < 0 ? 'responses.builders.parameters.add' : 'responses.builders.parameters.update')}
          </Button>
          {index >= 0 && (
            <Button variant="subtle" onClick={reset}>
              {t('responses.builders.cancel')}
            </Button>
          )}
        </Group>
      </Fieldset>
    </Stack>
  );
}
