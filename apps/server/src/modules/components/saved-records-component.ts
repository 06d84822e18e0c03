import { listSenderRecords, recordSenderId } from '../datasets/dataset-record-repository.ts';
import type { ComponentDefinition } from './built-in-component.ts';

/** Data › My saved records: what the bot's user data wrote for this sender, in any of the owner's datasets. */
export const savedRecordsComponent: ComponentDefinition = {
  id: 4,
  name: 'My saved records',
  category: 'Data',
  description:
    'The records your datasets hold for this sender (written by a response’s user data), newest first, with each record’s fields.',
  fields: [
    { name: 'dataset', label: 'Dataset' },
    { name: '_id', label: 'Record id' },
    { name: '__status', label: 'Status (0 open, 1 finished)' },
  ],
  dataTypes: ['single', 'multi'],
  defaultTitleKey: 'dataset',
  provide: async (context, limit) => {
    const senderId = recordSenderId(context.sender);
    const records = await listSenderRecords(context.db, { userId: context.ownerId, senderId, limit });
    return records.map((record) => ({
      ...record.data,
      _id: record._id,
      __status: record.status,
      dataset: record.datasetName,
    }));
  },
};
