import type { VariableListItem } from '@hiwar/contracts';
import { ActionIcon, Badge, Divider, Group, Paper, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { NEARBY_RADIUS_DEFAULT_KM, type QueryElementValue, removeElement } from './dataset-query-values.ts';

function operandText(element: QueryElementValue, variables: readonly VariableListItem[], t: TFunction) {
  const variable = variables.find((candidate) => candidate.var_id === element.var_id);
  if (element.rel === 'NEARBY')
    return t('responses.builders.query.nearbyOperand', {
      origin: variable ? `{{${variable.var_name}}}` : t('responses.builders.query.sharedLocation'),
      radius: element.value.trim() || NEARBY_RADIUS_DEFAULT_KM,
    });
  return variable ? `{{${variable.var_name}}}` : `"${element.value}"`;
}

/** The query's groups: OR between groups, AND between the conditions of a group; each condition removable. */
export function QueryGroups({
  groups,
  variables,
  onChange,
}: {
  groups: QueryElementValue[][];
  variables: readonly VariableListItem[];
  onChange: (groups: QueryElementValue[][]) => void;
}) {
  const { t } = useTranslation();
  if (groups.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('responses.builders.query.noConditions')}
      </Text>
    );
  return (
    <Stack gap="xs">
      {groups.map((group, groupIndex) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a group is known by its place
        <Fragment key={groupIndex}>
          {groupIndex > 0 && <Divider label={t('responses.builders.query.or')} labelPosition="center" />}
          <Paper
            withBorder
            p="sm"
            aria-label={t('responses.builders.query.group', { number: groupIndex + 1 })}
            role="group"
          >
            <Text size="sm" fw={600} mb={4}>
              {t('responses.builders.query.group', { number: groupIndex + 1 })}
            </Text>
            <Stack gap={4}>
              {group.map((element, elementIndex) => {
                const text = `${element.field_name} ${element.rel} ${operandText(element, variables, t)}`;
                return (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a condition is known by its place
                  <Group key={elementIndex} gap="xs" wrap="nowrap">
                    {elementIndex > 0 && (
                      <Badge size="sm" variant="light">
                        {t('responses.builders.query.and')}
                      </Badge>
                    )}
                    <Text size="sm" dir="ltr" style={{ flex: 1 }} data-testid="query-condition">
                      {text}
                    </Text>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('responses.builders.query.remove', { condition: text })}
                      onClick={() => onChange(removeElement(groups, groupIndex, elementIndex))}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Group>
                );
              })}
            </Stack>
          </Paper>
        </Fragment>
      ))}
    </Stack>
  );
}
