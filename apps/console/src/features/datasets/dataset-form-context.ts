import type { DatasetField } from '@hiwar/contracts';
import { useOutletContext } from 'react-router';

/**
 * What the dataset form hands its tabs: the dataset's id (0 while new) and, for a new dataset, the fields given
 * before the first save (they go with it: `POST /dataset/save/0` takes the schema).
 */
export interface DatasetFormContext {
  datasetId: number;
  draftFields: DatasetField[];
  setDraftFields: (fields: DatasetField[]) => void;
}

export function useDatasetFormContext(): DatasetFormContext {
  return useOutletContext<DatasetFormContext>();
}
