import type { VariableListItem } from '@hiwar/contracts';
import { Button, Fieldset, SegmentedControl, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  addElement,
  type ElementProblem,
  elementProblem,
  NEARBY_RADIUS_DEFAULT_KM,
  operatorsFor,
  type QueryElementValue,
  type QueryOperator,
} from './dataset-query-values.ts';
import { PlaceholderInput } from './placeholder-field.tsx';
import type { PlaceholderLists } from './placeholder-tokens.ts';

interface QueryElementFormProps {
  fields: { name: string; type: string }[];
  variables: readonly VariableListItem[];
  groups: QueryElementValue[][];
  onChange: (groups: QueryElementValue[][]) => void;
  lists: PlaceholderLists;
}

const blankElement = (): QueryElementValue => ({
  field_name: '',
  rel: '=',
  var_id: null,
  value: '',
  field_type: 'text',
});

/**
 * Adds a condition: a field, an operator (NEARBY only on a location field, with a radius in km and an optional
 * location variable to measure from), a variable or a literal, and the group it joins (or a new OR group).
 */
export function QueryElementForm({ fields, variables, groups, onChange, lists }: QueryElementFormProps) {
  const { t } = useTranslation();
  const [element, setElement] = useState(blankElement);
  const [source, setSource] = useState<'variable' | 'literal'>('variable');
  const [groupIndex, setGroupIndex] = useState<string | null>(null);
  const [problem, setProblem] = useState<ElementProblem | null>(null);
  const chosenGroup = groupIndex ?? String(Math.max(0, groups.length - 1));
  const isNearby = element.rel === 'NEARBY';
  const change = (patch: Partial<QueryElementValue>) => {
    setElement((old) => ({ ...old, ...patch }));
    setProblem(null);
  };
  const pickField = (name: string | null) => {
    const type = fields.find((field) => field.name === name)?.type ?? 'text';
    const rel = operatorsFor(type)[0] ?? '=';
    change({
      field_name: name ?? '',
      field_type: type,
      rel,
      value: rel === 'NEARBY' ? NEARBY_RADIUS_DEFAULT_KM : '',
      var_id: null,
    });
  };
  const add = () => {
    const index = Number(chosenGroup);
    // the value source not chosen is dropped, so a condition compares exactly one thing
    const candidate: QueryElementValue = isNearby
      ? element
      : source === 'variable'
        ? { ...element, value: '' }
        : { ...element, var_id: null };
    const found = elementProblem(candidate, index);
    if (found) {
      setProblem(found);
      return;
    }
    onChange(addElement(groups, candidate, index));
    setElement(blankElement());
    setGroupIndex(null);
  };
  const groupChoices = [
    ...groups.map((_, index) => ({
      value: String(index),
      label: t('responses.builders.query.group', { number: index + 1 }),
    })),
    { value: String(groups.length), label: t('responses.builders.query.newGroup') },
  ];
  const variableChoices = variables.map((variable) => ({
    value: String(variable.var_id),
    label: variable.var_name,
  }));
  const message = (kind: ElementProblem) =>
    problem === kind ? t(`responses.builders.query.problem.${kind}`) : undefined;

  return (
    <Fieldset legend={t('responses.builders.query.addTitle')}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
          <Select
            label={t('responses.builders.query.field')}
            data={fields.map((field) => ({ value: field.name, label: field.name }))}
            value={element.field_name || null}
            onChange={pickField}
            error={message('field')}
            searchable
          />
          <Select
            label={t('responses.builders.query.operator')}
            data={operatorsFor(element.field_type).map((operator) => ({ value: operator, label: operator }))}
            value={element.rel}
            onChange={(rel) => rel && change({ rel: rel as QueryOperator })}
            allowDeselect={false}
          />
          <Select
            label={t('responses.builders.query.groupIndex')}
            data={groupChoices}
            value={chosenGroup}
            onChange={setGroupIndex}
            error={message('group')}
            allowDeselect={false}
          />
        </SimpleGrid>
        {isNearby ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            <Select
              label={t('responses.builders.query.origin')}
              placeholder={t('responses.builders.query.sharedLocation')}
              data={variableChoices}
              value={element.var_id === null ? null : String(element.var_id)}
              onChange={(id) => change({ var_id: id === null ? null : Number(id) })}
              clearable
            />
            <TextInput
              label={t('responses.builders.query.radius')}
              value={element.value}
              onChange={(event) => change({ value: event.currentTarget.value })}
              error={message('radius')}
              inputMode="decimal"
              dir="ltr"
            />
          </SimpleGrid>
        ) : (
          <Stack gap="xs">
            <SegmentedControl
              w="fit-content"
              value={source}
              onChange={(value) => setSource(value === 'literal' ? 'literal' : 'variable')}
              data={[
                { value: 'variable', label: t('responses.builders.query.fromVariable') },
                { value: 'literal', label: t('responses.builders.query.fromLiteral') },
              ]}
            />
            {source === 'variable' ? (
              <Select
                label={t('responses.builders.query.variable')}
                data={variableChoices}
                value={element.var_id === null ? null : String(element.var_id)}
                onChange={(id) => change({ var_id: id === null ? null : Number(id) })}
                error={message('value')}
                searchable
              />
            ) : (
              <PlaceholderInput
                label={t('responses.builders.query.literal')}
                value={element.value}
                onChange={(value) => change({ value })}
                error={message('value')}
                lists={lists}
              />
            )}
          </Stack>
        )}
        <Button leftSection={<IconPlus size={16} />} variant="light" w="fit-content" onClick={add}>
          {t('responses.builders.query.add')}
        </Button>
      </Stack>
    </Fieldset>
  );
}
