import type { VariableRecord } from '@hiwar/contracts';
import {
  ActionIcon,
  Anchor,
  Button,
  Group,
  Pagination,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPencil, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useVariableActions } from './use-variable-actions.tsx';
import { useVariablesPage } from './variables-api.ts';

interface VariablesTabProps {
  serviceId: number;
  commandId: number;
}

const SEARCH_DELAY_MS = 300;

function pageOf(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/** A command's variables (spec §2): search, a numbered page bar (`?page=`), status switch, edit, delete. */
export function VariablesTab({ serviceId, commandId }: VariablesTabProps) {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const page = pageOf(searchParams.get('page'));
  const [keywords, setKeywords] = useState('');
  const [debouncedKeywords] = useDebouncedValue(keywords.trim(), SEARCH_DELAY_MS);
  const variables = useVariablesPage(commandId, page, debouncedKeywords);
  const { setStatus, confirmDelete } = useVariableActions();
  const basePath = `/services/${serviceId}/commands/${commandId}/variables`;
  // spec §7: a failed fetch shows an empty list
  const rows = variables.isError ? [] : (variables.data?.data ?? []);
  const pagesCount = variables.isError ? 0 : (variables.data?.pages_count ?? 0);

  const goToPage = (next: number) => setSearchParams(next > 1 ? { page: String(next) } : {});
  const search = (value: string) => {
    setKeywords(value);
    if (page !== 1) goToPage(1);
  };

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <TextInput
          aria-label={t('variables.search')}
          placeholder={t('variables.search')}
          leftSection={<IconSearch size={16} />}
          value={keywords}
          onChange={(event) => search(event.currentTarget.value)}
          w={{ base: '100%', sm: 280 }}
        />
        <Button component={Link} to={`${basePath}/0`} leftSection={<IconPlus size={16} />}>
          {t('variables.new')}
        </Button>
      </Group>
      <Table.ScrollContainer minWidth={480}>
        <Table striped highlightOnHover withTableBorder data-testid="variables-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('variables.columns.name')}</Table.Th>
              <Table.Th w={110}>{t('variables.columns.status')}</Table.Th>
              <Table.Th w={80}>{t('variables.columns.edit')}</Table.Th>
              <Table.Th w={80}>{t('variables.columns.delete')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 && !variables.isPending && (
              <Table.Tr>
                <Table.Td colSpan={4}>
                  <Text c="dimmed" ta="center" size="sm">
                    {t('variables.noData')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {rows.map((variable) => (
              <VariableRow
                key={variable.var_id}
                variable={variable}
                editPath={`${basePath}/${variable.var_id}`}
                onStatusChange={(isOn) => setStatus(variable, isOn)}
                onDelete={() => confirmDelete(variable)}
              />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pagesCount > 1 && (
        <Pagination total={pagesCount} value={page} onChange={goToPage} aria-label={t('variables.pages')} />
      )}
    </Stack>
  );
}

interface VariableRowProps {
  variable: VariableRecord;
  editPath: string;
  onStatusChange: (isOn: boolean) => void;
  onDelete: () => void;
}

function VariableRow({ variable, editPath, onStatusChange, onDelete }: VariableRowProps) {
  const { t } = useTranslation();
  const name = variable.var_name;
  return (
    <Table.Tr>
      <Table.Td>
        <Anchor component={Link} to={editPath}>
          {name}
        </Anchor>
      </Table.Td>
      <Table.Td>
        <Switch
          checked={variable.var_status === 1}
          onChange={(event) => onStatusChange(event.currentTarget.checked)}
          aria-label={t('variables.statusOf', { name })}
        />
      </Table.Td>
      <Table.Td>
        <ActionIcon
          component={Link}
          to={editPath}
          variant="subtle"
          aria-label={t('variables.editNamed', { name })}
        >
          <IconPencil size={18} />
        </ActionIcon>
      </Table.Td>
      <Table.Td>
        <ActionIcon
          variant="subtle"
          color="red"
          onClick={onDelete}
          aria-label={t('variables.deleteNamed', { name })}
        >
          <IconTrash size={18} />
        </ActionIcon>
      </Table.Td>
    </Table.Tr>
  );
}
