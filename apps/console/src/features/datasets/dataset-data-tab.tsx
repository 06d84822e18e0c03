import { useParams } from 'react-router';
import { routeId } from '../variables/route-ids.ts';
import { DatasetRecordsTab } from './records/records-tab.tsx';

/** /dataset/{id}/data: the records grid of the dataset in the address. */
export function DatasetDataTab() {
  return <DatasetRecordsTab datasetId={routeId(useParams(), 'dataset_id')} />;
}
