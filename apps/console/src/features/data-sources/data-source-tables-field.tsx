import { Badge, Group, Loader, Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useActiveDataSources, useDataSourceTables } from './data-sources-api.ts';

interface DataSourceTablesFieldProps {
  value: number | null;
  onChange: (id: number | null) => void;
  label?: string;
  /** given: each table is a button that hands its name over (the SQL editor inserts it) */
  onTablePick?: (table: string) => void;
}

/**
 * A data-source picker that lists the picked database's tables (spec part 2 §7 `get_tables_name`); when they
 * cannot be listed the field says 'Failed connection' (spec §8). The response editor picks its source with it.
 */
export function DataSourceTablesField({ value, onChange, label, onTablePick }: DataSourceTablesFieldProps) {
  const { t } = useTranslation();
  const sources = useActiveDataSources();
  const tables = useDataSourceTables(value);
  const options = (sources.data ?? []).map((source) => ({
    value: String(source.data_source_id),
    label: `${source.entity.name} (${source.entity.dbname})`,
  }));
  return (
    <Stack gap="xs">
      <Select
        label={label ?? t('datasources.tables.source')}
        data={options}
        value={value === null ? null : String(value)}
        onChange={(picked) => onChange(picked === null ? null : Number(picked))}
        error={tables.isError ? t('datasources.tables.failed') : undefined}
        rightSection={tables.isFetching ? <Loader size="xs" /> : undefined}
        data-testid="data-source-picker"
        allowDeselect={false}
      />
      {tables.isSuccess &&
        (tables.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('datasources.tables.none')}
          </Text>
        ) : (
          <Group gap="xs" data-testid="data-source-tables" aria-label={t('datasources.tables.title')}>
            {tables.data.map((table) =>
              onTablePick ? (
                <Badge
                  key={table}
                  component="button"
                  type="button"
                  variant="light"
                  tt="none"
                  dir="ltr"
                  style={{ cursor: 'pointer' }}
                  onClick={() => onTablePick(table)}
                >
                  {table}
                </Badge>
              ) : (
                <Badge key={table} variant="light" tt="none" dir="ltr">
                  {table}
                </Badge>
              ),
            )}
          </Group>
        ))}
    </Stack>
  );
}
