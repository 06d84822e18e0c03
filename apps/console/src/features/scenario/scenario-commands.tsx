import { Badge, Button, Card, Group, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NoDataRow } from '../../components/no-data-row.tsx';
import { PageBar } from '../../components/page-bar.tsx';
import { useClampedPage } from '../../components/page-query.ts';
import { useCommandsPage } from '../../lib/commands-api.ts';

interface ScenarioCommandsProps {
  serviceId: number;
  selectedId: number | null;
  onSelect: (commandId: number | null) => void;
}

/** The chosen service's commands, a page at a time; picking one opens it in the command form. */
export function ScenarioCommands({ serviceId, selectedId, onSelect }: ScenarioCommandsProps) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const commands = useCommandsPage(serviceId, page, '');
  useClampedPage(page, commands, (data) => data.pageCount, setPage);
  const list = commands.data?.commands ?? [];
  return (
    <Card shadow="xs">
      <Group justify="space-between" mb="sm">
        <Title order={3} fz="h5">
          {t('scenario.commands')}
        </Title>
        <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => onSelect(null)}>
          {t('scenario.newCommand')}
        </Button>
      </Group>
      <Table highlightOnHover verticalSpacing="xs" data-testid="scenario-commands-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('commands.columns.name')}</Table.Th>
            <Table.Th w={90}>{t('commands.columns.status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.length === 0 && <NoDataRow columns={2} />}
          {list.map((command) => (
            <Table.Tr
              key={command.command_id}
              bg={command.command_id === selectedId ? 'var(--mantine-color-indigo-light)' : undefined}
            >
              <Table.Td>
                <UnstyledButton
                  onClick={() => onSelect(command.command_id)}
                  aria-current={command.command_id === selectedId}
                >
                  <Text size="sm" fw={500}>
                    {command.command_name}
                  </Text>
                </UnstyledButton>
              </Table.Td>
              <Table.Td>
                <Badge size="sm" variant="light" color={command.command_status === 1 ? 'green' : 'gray'}>
                  {command.command_status === 1 ? t('scenario.active') : t('scenario.inactive')}
                </Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <PageBar
        page={page}
        pageCount={commands.data?.pageCount ?? 1}
        onChange={setPage}
        testId="scenario-pages"
      />
    </Card>
  );
}
