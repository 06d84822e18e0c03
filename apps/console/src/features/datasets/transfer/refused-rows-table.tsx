import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { OwnTextCell } from '../../../components/own-text.tsx';
import { useFormatNumber } from '../../../lib/format-number.ts';
import { localizeTransferMessage, type RefusedCell } from './transfer-messages.ts';

/** The rows a file would have refused (or did refuse): row number, field and the reason, one cell a line. */
export function RefusedRowsTable({ cells, label }: { cells: RefusedCell[]; label: string }) {
  const { t } = useTranslation();
  const formatNumber = useFormatNumber();
  return (
    <Table striped withTableBorder aria-label={label}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('datasets.transfer.row')}</Table.Th>
          <Table.Th>{t('datasets.transfer.field')}</Table.Th>
          <Table.Th>{t('datasets.transfer.reason')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {cells.map((cell) => (
          <Table.Tr key={`${cell.row}:${cell.field}:${cell.message}`}>
            <Table.Td>{formatNumber(cell.row)}</Table.Td>
            <OwnTextCell>{cell.field}</OwnTextCell>
            <Table.Td>{localizeTransferMessage(t, cell.message)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
