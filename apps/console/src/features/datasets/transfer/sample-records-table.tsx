import { ScrollArea, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { OwnTextCell } from '../../../components/own-text.tsx';
import { locationLabel } from '../records/record-cell.tsx';
import { isStoredLocation } from '../records/record-drafts.ts';

/** A stored value as text: a list comma-separated, a location as the records grid shows it (lat, lng). */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(cellText).join(', ');
  if (isStoredLocation(value)) return locationLabel(value);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The first records as the import would store them, one column a mapped field. */
export function SampleRecordsTable({
  fields,
  records,
}: {
  fields: string[];
  records: Record<string, unknown>[];
}) {
  const { t } = useTranslation();
  return (
    <ScrollArea>
      <Table striped withTableBorder aria-label={t('datasets.transfer.sample')}>
        <Table.Thead>
          <Table.Tr>
            {fields.map((field) => (
              <Table.Th key={field} dir="auto">
                {field}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {records.map((record, index) => (
            // the sample has no ids: its records are not stored yet, and their order never changes
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <Table.Tr key={index}>
              {fields.map((field) => (
                <OwnTextCell key={field}>{cellText(record[field])}</OwnTextCell>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
