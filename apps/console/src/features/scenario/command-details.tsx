import { Anchor, Badge, Group, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCommandExamples, useCommandVariables } from '../commands/commands-api.ts';
import { NoDataRow } from '../services/no-data-row.tsx';

interface CommandDetailsProps {
  serviceId: number;
  commandId: number;
}

/** The command's variables, each linking to its form; the link above adds one. */
export function CommandVariablesTable({ serviceId, commandId }: CommandDetailsProps) {
  const { t } = useTranslation();
  const variables = useCommandVariables(commandId);
  const variablesPath = `/services/${serviceId}/commands/${commandId}/variables`;
  const list = variables.data ?? [];
  return (
    <section aria-label={t('scenario.variables')}>
      <Group justify="space-between" mb={4}>
        <Title order={4} fz="sm">
          {t('scenario.variables')}
        </Title>
        <Anchor component={Link} to={`${variablesPath}/0`} size="sm">
          {t('scenario.addVariable')}
        </Anchor>
      </Group>
      <Table verticalSpacing={6} data-testid="scenario-variables-table">
        <Table.Tbody>
          {list.length === 0 && <NoDataRow columns={1} />}
          {list.map((variable) => (
            <Table.Tr key={variable.var_id}>
              <Table.Td>
                <Anchor component={Link} to={`${variablesPath}/${variable.var_id}`} size="sm">
                  {variable.var_name}
                </Anchor>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </section>
  );
}

/** The command's training examples, read-only; the examples tab edits them. */
export function CommandExamplesTable({ serviceId, commandId }: CommandDetailsProps) {
  const { t } = useTranslation();
  const examples = useCommandExamples(commandId);
  const list = examples.data ?? [];
  return (
    <section aria-label={t('scenario.examples')}>
      <Group justify="space-between" mb={4}>
        <Title order={4} fz="sm">
          {t('scenario.examples')}
        </Title>
        <Anchor component={Link} to={`/services/${serviceId}/commands/${commandId}/examples`} size="sm">
          {t('scenario.editExamples')}
        </Anchor>
      </Group>
      <Table verticalSpacing={6} data-testid="scenario-examples-table">
        <Table.Tbody>
          {list.length === 0 && <NoDataRow columns={2} />}
          {list.map((example) => (
            <Table.Tr key={example._id}>
              <Table.Td>
                <Text size="sm" dir="auto">
                  {example.example_text}
                </Text>
              </Table.Td>
              <Table.Td w={50}>
                <Badge size="xs" variant="light" color="gray">
                  {example.example_lang}
                </Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </section>
  );
}
