import { useDatasetFormContext } from './dataset-form-context.ts';
import { DatasetRecordsTab } from './records/records-tab.tsx';

/** `{path}/{id}/data`: the records grid of the form's dataset (or menu). */
export function DatasetDataTab() {
  return <DatasetRecordsTab datasetId={useDatasetFormContext().datasetId} />;
}
