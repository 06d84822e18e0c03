import type { DatasetField, ImportColumn, ImportColumnTarget, LocationPart } from '@hiwar/contracts';
import { Select, Table } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { OwnTextCell } from '../../../components/own-text.tsx';

/** The select's value for "skip this column" (no field may start with `__`, so none can be named this). */
const SKIP = '__skip';
/** The select's value for one half of a location field: `__latitude:place` (again no field's name). */
const halfValue = (part: LocationPart, field: string) => `__${part}:${field}`;
const HALF_VALUE = /^__(latitude|longitude):(.*)$/s;

export type MappedColumn = ImportColumn;

/** The mapping as the server takes it: every column named, '' skipping it, a location's half as an object. */
export const mappingOf = (columns: MappedColumn[]): Record<string, ImportColumnTarget> =>
  Object.fromEntries(
    columns.map(({ column, field, part }) => [column, part && field ? { field, part } : (field ?? '')]),
  );

function columnOf(column: string, value: string | null): MappedColumn {
  if (value === null || value === SKIP) return { column, field: null };
  const half = HALF_VALUE.exec(value);
  return half ? { column, field: half[2] ?? '', part: half[1] as LocationPart } : { column, field: value };
}

/** Every field, and a location field's latitude and longitude too (a file may keep them in two columns). */
function choicesOf(fields: DatasetField[], t: TFunction) {
  return [
    { value: SKIP, label: t('datasets.transfer.skipColumn') },
    ...fields.flatMap(({ name, type }) => [
      { value: name, label: name },
      ...(type === 'location'
        ? [
            { value: halfValue('latitude', name), label: t('datasets.transfer.latitudeOf', { field: name }) },
            {
              value: halfValue('longitude', name),
              label: t('datasets.transfer.longitudeOf', { field: name }),
            },
          ]
        : []),
    ]),
  ];
}

interface ColumnMappingProps {
  columns: MappedColumn[];
  fields: DatasetField[];
  onChange: (changed: MappedColumn) => void;
}

/** Each column of the file with the field it goes into, or "skip", chosen in a select. */
export function ColumnMapping({ columns, fields, onChange }: ColumnMappingProps) {
  const { t } = useTranslation();
  const choices = choicesOf(fields, t);
  return (
    <Table withTableBorder aria-label={t('datasets.transfer.mapping')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('datasets.transfer.column')}</Table.Th>
          <Table.Th>{t('datasets.transfer.field')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {columns.map(({ column, field, part }) => (
          <Table.Tr key={column}>
            <OwnTextCell>{column}</OwnTextCell>
            <Table.Td>
              <Select
                aria-label={t('datasets.transfer.fieldOf', { column })}
                data={choices}
                value={field === null ? SKIP : part ? halfValue(part, field) : field}
                allowDeselect={false}
                onChange={(value) => onChange(columnOf(column, value))}
                comboboxProps={{ withinPortal: true }}
              />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
