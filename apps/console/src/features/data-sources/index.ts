export { DataSourceTablesField } from './data-source-tables-field.tsx';
export { useActiveDataSources } from './data-sources-api.ts';
