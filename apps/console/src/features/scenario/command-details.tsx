import { Anchor, Badge, Group, Table, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NoDataRow } from '../../components/no-data-row.tsx';
import { PageBar } from '../../components/page-bar.tsx';
import { useVariablesPage } from '../variables/index.ts';

interface CommandVariablesProps {
  serviceId: number;
  commandId: number;
}

/** The command's variables (name, type, status), each linking to its form; New variable opens .../variables/0. */
export function CommandVariablesTable({ serviceId, commandId }: CommandVariablesProps) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const variables = useVariablesPage(commandId, page, '');
  const variablesPath = `/services/${serviceId}/commands/${commandId}/variables`;
  const list = variables.data?.data ?? [];
  return (
    <section aria-label={t('scenario.variables')}>
      <Group justify="space-between" mb={4}>
        <Title order={4} fz="sm">
          {t('scenario.variables')}
        </Title>
        <Anchor component={Link} to={`${variablesPath}/0`} size="sm">
          {t('variables.new')}
        </Anchor>
      </Group>
      <Table verticalSpacing={6} data-testid="scenario-variables-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('variables.columns.name')}</Table.Th>
            <Table.Th>{t('scenario.variableType')}</Table.Th>
            <Table.Th w={90}>{t('variables.columns.status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.length === 0 && <NoDataRow columns={3} />}
          {list.map((variable) => (
            <Table.Tr key={variable.var_id}>
              <Table.Td>
                <Anchor component={Link} to={`${variablesPath}/${variable.var_id}`} size="sm">
                  {variable.var_name}
                </Anchor>
              </Table.Td>
              <Table.Td fz="sm">{t(`variables.types.${variable.var_type}`, variable.var_type)}</Table.Td>
              <Table.Td>
                <Badge size="sm" variant="light" color={variable.var_status === 1 ? 'green' : 'gray'}>
                  {variable.var_status === 1 ? t('scenario.active') : t('scenario.inactive')}
                </Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <PageBar
        page={page}
        pageCount={variables.data?.pages_count ?? 1}
        onChange={setPage}
        testId="scenario-variable-pages"
      />
    </section>
  );
}
