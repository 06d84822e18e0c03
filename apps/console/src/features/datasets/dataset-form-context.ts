import type { DatasetField } from '@hiwar/contracts';
import { useOutletContext } from 'react-router';
import type { DatasetKind } from './dataset-kind.ts';

/**
 * What the dataset form hands its tabs: the kind of dataset, its id (0 while new) and, for a new dataset, the
 * fields given before the first save (they go with it: `POST /dataset/save/0` takes the schema).
 */
export interface DatasetFormContext {
  kind: DatasetKind;
  datasetId: number;
  draftFields: DatasetField[];
  setDraftFields: (fields: DatasetField[]) => void;
}

export function useDatasetFormContext(): DatasetFormContext {
  return useOutletContext<DatasetFormContext>();
}
