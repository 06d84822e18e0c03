import type { DatasetField } from '@hiwar/contracts';
import { Select, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { OwnTextCell } from '../../../components/own-text.tsx';

/** The select's value for "skip this column" (no field may start with `__`, so none can be named this). */
const SKIP = '__skip';

export interface MappedColumn {
  column: string;
  /** the field the column goes into; null skips it */
  field: string | null;
}

interface ColumnMappingProps {
  columns: MappedColumn[];
  fields: DatasetField[];
  onChange: (column: string, field: string | null) => void;
}

/** Each column of the file with the field it goes into, or "skip", chosen in a select. */
export function ColumnMapping({ columns, fields, onChange }: ColumnMappingProps) {
  const { t } = useTranslation();
  const choices = [
    { value: SKIP, label: t('datasets.transfer.skipColumn') },
    ...fields.map((field) => ({ value: field.name, label: field.name })),
  ];
  return (
    <Table withTableBorder aria-label={t('datasets.transfer.mapping')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('datasets.transfer.column')}</Table.Th>
          <Table.Th>{t('datasets.transfer.field')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {columns.map(({ column, field }) => (
          <Table.Tr key={column}>
            <OwnTextCell>{column}</OwnTextCell>
            <Table.Td>
              <Select
                aria-label={t('datasets.transfer.fieldOf', { column })}
                data={choices}
                value={field ?? SKIP}
                allowDeselect={false}
                onChange={(value) => onChange(column, value === null || value === SKIP ? null : value)}
                comboboxProps={{ withinPortal: true }}
              />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
