import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The row an empty table shows (spec part 1 §8: "no data"). */
export function NoDataRow({ columns }: { columns: number }) {
  const { t } = useTranslation();
  return (
    <Table.Tr>
      <Table.Td colSpan={columns}>
        <Text c="dimmed" ta="center" size="sm" py="md">
          {t('services.noData')}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}
