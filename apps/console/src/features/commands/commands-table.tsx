import type { CommandRecord } from '@hiwar/contracts';
import { ActionIcon, Switch, Table, Text } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NoDataRow } from '../../components/no-data-row.tsx';

interface CommandsTableProps {
  serviceId: number;
  commands: CommandRecord[];
  onToggleStatus: (command: CommandRecord, isActive: boolean) => void;
  onDelete: (command: CommandRecord) => void;
}

type CommandRowProps = Omit<CommandsTableProps, 'commands'> & { command: CommandRecord };

function CommandRow({ serviceId, command, onToggleStatus, onDelete }: CommandRowProps) {
  const { t } = useTranslation();
  const editPath = `/services/${serviceId}/commands/${command.command_id}`;
  return (
    <Table.Tr data-testid={`command-row-${command.command_id}`}>
      <Table.Td>
        <Text component={Link} to={editPath} fw={500} size="sm" c="indigo.8">
          {command.command_name}
        </Text>
        {command.command_description && (
          <Text size="xs" c="dimmed" lineClamp={1}>
            {command.command_description}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Switch
          checked={command.command_status === 1}
          onChange={(event) => onToggleStatus(command, event.currentTarget.checked)}
          aria-label={t('commands.statusOf', { name: command.command_name })}
        />
      </Table.Td>
      <Table.Td>
        <ActionIcon component={Link} to={editPath} variant="subtle" aria-label={t('commands.edit')}>
          <IconPencil size={18} />
        </ActionIcon>
      </Table.Td>
      <Table.Td>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={t('commands.delete')}
          onClick={() => onDelete(command)}
        >
          <IconTrash size={18} />
        </ActionIcon>
      </Table.Td>
    </Table.Tr>
  );
}

/** Columns Name, Status, Edit, Delete (spec part 1 §2 Commands of a service). */
export function CommandsTable({ commands, ...rowProps }: CommandsTableProps) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table verticalSpacing="sm" highlightOnHover data-testid="commands-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('commands.columns.name')}</Table.Th>
            <Table.Th w={90}>{t('commands.columns.status')}</Table.Th>
            <Table.Th w={70}>{t('commands.columns.edit')}</Table.Th>
            <Table.Th w={70}>{t('commands.columns.delete')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {commands.length === 0 ? (
            <NoDataRow columns={4} />
          ) : (
            commands.map((command) => <CommandRow key={command.command_id} command={command} {...rowProps} />)
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
