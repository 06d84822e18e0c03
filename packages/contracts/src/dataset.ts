import { z } from 'zod';
import { numberedPage } from './command.ts';
import { idOrZeroParam, idParam, numberOrDigits } from './numeric-input.ts';
import { orderCurrencies, orderPaymentMethods } from './orders.ts';
import { statusFlag } from './service.ts';

export const datasetTypes = ['dataset', 'menu'] as const;
export type DatasetType = (typeof datasetTypes)[number];
export const datasetFieldTypes = ['text', 'number', 'list', 'location', 'image'] as const;
export const datasetFieldPermissions = ['r', 'rw'] as const;

export const datasetMessages = {
  datasetRequired: 'Please choose the dataset',
  fieldRequired: 'The field name is required',
  fieldUnknown: 'The field does not exist in the dataset',
  nameRequired: 'The dataset name is required',
  menuNameRequired: 'The menu name is required',
  currencyInvalid: 'Please choose EGP, RSA or USD',
  paymentMethodInvalid: 'Please choose cash or visa',
  missingData: 'Missing data',
  fieldReadOnly: 'Only a read-write field can be changed or removed',
  fieldNameReserved: 'A field name can not be _id or start with __',
  tooManyFields: 'A dataset has at most 50 fields',
  numberInvalid: 'Please enter a number',
  textInvalid: 'Please enter a text',
  listInvalid: 'A list holds texts',
  locationInvalid: 'A location needs a longitude from -180 to 180 and a latitude from -90 to 90',
  imageInvalid: 'An image is an http or https link',
  recordNotFound: 'The record does not exist',
  recordsRequired: 'Please choose the records',
  importFileRequired: 'Please choose a CSV or JSON file',
  csvUnreadable: 'The file is not a CSV file with a header row',
  jsonUnreadable: 'The file is not a JSON list of records',
  importTooManyRows: 'A file holds at most 20000 records',
  importNothingMapped: 'No column of the file matches a field of the dataset',
  importRowsRefused: 'Some rows can not be imported; fix them or import the others only',
  importColumnTwice: 'Two columns go into the same field',
  locationUnreadable:
    'A location is written "lat,lng", "lat lng" or "lat;lng" (latitude first: 30.0444,31.2357), as GeoJSON, or in a latitude column and a longitude column',
  importPartNotLocation: 'Only a location field takes a latitude or a longitude column',
  importLocationHalf: 'A location field takes a latitude column and a longitude column',
} as const;

/** '{name} field is exist': the spec's message for a field name already in the schema. */
export const fieldExistsMessage = (name: string) => `${name} field is exist`;
/** Refusing to delete a dataset that variables or responses read, naming them. */
export const datasetInUseMessage = (users: string[]) => `The dataset is used by ${users.join(', ')}`;

/** The spec's limits: a grid page holds 10 records (PAGE_SIZE); a dataset holds at most 50 fields. */
export const DATASET_MAX_FIELDS = 50;
/** Record keys the server keeps on every record; a field may not take these names. */
export const datasetRecordKeys = ['_id', 'ds_id', '__user_id', '__sender_id', '__status'] as const;
/** The default menu schema; these five stay read-only in a menu (spec part 2 §3, §4). */
export const menuFixedFields = [
  { name: 'title', type: 'text', permission: 'r' },
  { name: 'tags', type: 'list', permission: 'r' },
  { name: 'subtitle', type: 'text', permission: 'r' },
  { name: 'price', type: 'number', permission: 'r' },
  { name: 'image', type: 'text', permission: 'r' },
] as const;

const fieldName = z
  .string({ error: datasetMessages.missingData })
  .trim()
  .min(1, datasetMessages.missingData)
  .max(190)
  .refine((name) => name !== '_id' && !name.startsWith('__'), datasetMessages.fieldNameReserved);

export const datasetField = z.object({
  name: fieldName,
  type: z.enum(datasetFieldTypes, { error: datasetMessages.missingData }),
  permission: z.enum(datasetFieldPermissions).default('rw'),
});
export type DatasetField = z.infer<typeof datasetField>;
export type DatasetFieldType = DatasetField['type'];

export const datasetRecord = z.object({
  ds_id: z.number(),
  user_id: z.number(),
  ds_name: z.string(),
  ds_type: z.enum(datasetTypes),
  ds_status: z.number(),
  is_public: z.number(),
  ds_schema: z.array(datasetField),
  /** menus only */
  ds_tax: z.number(),
  ds_shipping: z.number(),
  /** menus only: the currency of its prices, receipts and orders, and the receipt's payment method */
  ds_currency: z.enum(orderCurrencies),
  ds_payment_method: z.enum(orderPaymentMethods),
  created_at: z.string(),
  updated_at: z.string(),
});
export type DatasetRecord = z.infer<typeof datasetRecord>;

/** GET /dataset/get_list?type=dataset,menu (no type: both). */
export const datasetListQuery = z.object({
  type: z
    .string()
    .max(40)
    .optional()
    .transform((value, context) => {
      const types = (value ?? '')
        .split(',')
        .map((part) => part.trim())
        .filter((part) => part !== '');
      if (types.length === 0) return [...datasetTypes];
      const unknown = types.find((type) => !(datasetTypes as readonly string[]).includes(type));
      if (unknown) {
        context.addIssue({ code: 'custom', message: `Unknown dataset type ${unknown}` });
        return z.NEVER;
      }
      return types as DatasetType[];
    }),
});

export const datasetListEntry = z.object({
  ds_id: z.number(),
  ds_name: z.string(),
  ds_type: z.enum(datasetTypes),
  ds_schema: z.array(datasetField),
});
export type DatasetListEntry = z.infer<typeof datasetListEntry>;

export const datasetListResponse = z.object({
  status: z.literal(1),
  private: z.array(datasetListEntry),
  public: z.array(datasetListEntry),
});
export type DatasetListResponse = z.infer<typeof datasetListResponse>;

/** POST /dataset/find: the distinct non-empty values of one field across the dataset's records. */
export const datasetFindRequest = z.object({
  ds_id: numberOrDigits(
    z
      .number({ error: datasetMessages.datasetRequired })
      .int(datasetMessages.datasetRequired)
      .positive(datasetMessages.datasetRequired)
      .max(Number.MAX_SAFE_INTEGER),
  ),
  field_name: z
    .string({ error: datasetMessages.fieldRequired })
    .trim()
    .min(1, datasetMessages.fieldRequired)
    .max(190),
});
export type DatasetFindRequest = z.input<typeof datasetFindRequest>;

export const datasetFindResponse = z.object({ status: z.literal(1), data: z.array(z.string()) });

const datasetIdOf = (message: string) =>
  numberOrDigits(
    z.number({ error: message }).int(message).positive(message).max(Number.MAX_SAFE_INTEGER, message),
  );
const recordId = datasetIdOf(datasetMessages.recordNotFound);

/** POST /dataset/get/public/{page}: the owner's datasets or menus, filtered by keywords in the name. */
export const datasetPageRequest = z
  .object({
    type: z.enum(datasetTypes).default('dataset'),
    keywords: z
      .string()
      .trim()
      .max(200)
      .nullish()
      .transform((value) => value ?? ''),
  })
  .nullish()
  .transform((value) => value ?? { type: 'dataset' as const, keywords: '' });
export type DatasetPageRequest = z.input<typeof datasetPageRequest>;

export const datasetPageEntry = z.object({
  ds_id: z.number(),
  ds_name: z.string(),
  ds_status: z.number(),
  ds_type: z.enum(datasetTypes),
  is_public: z.number(),
});
export const datasetPageResponse = numberedPage(datasetPageEntry);
export type DatasetPageResponse = z.infer<typeof datasetPageResponse>;

/**
 * POST /dataset/save/{id} (0 creates). A menu's name may come as menu_name; a menu's five fixed fields are
 * added when missing and kept read-only, its other fields become read-write.
 */
export const saveDatasetRequest = z.object({
  ds_name: z.string().trim().max(190).optional(),
  menu_name: z.string().trim().max(190).optional(),
  ds_type: z.enum(datasetTypes).default('dataset'),
  ds_status: statusFlag.optional(),
  is_public: statusFlag.optional(),
  ds_schema: z.array(datasetField).max(DATASET_MAX_FIELDS, datasetMessages.tooManyFields).optional(),
  ds_tax: numberOrDigits(z.number().min(0).max(100)).optional(),
  ds_shipping: numberOrDigits(z.number().min(0).max(1_000_000)).optional(),
  ds_currency: z.enum(orderCurrencies, { error: datasetMessages.currencyInvalid }).optional(),
  ds_payment_method: z.enum(orderPaymentMethods, { error: datasetMessages.paymentMethodInvalid }).optional(),
});
export type SaveDatasetRequest = z.input<typeof saveDatasetRequest>;
export const saveDatasetResponse = z.object({ status: z.literal(1), id: z.number(), data: datasetRecord });

/** PUT /dataset/fields/{id}: rename or retype a read-write field; the records follow. */
export const changeFieldRequest = z.object({
  old_field: z.object({ name: z.string({ error: datasetMessages.missingData }).trim().min(1).max(190) }),
  new_field: datasetField,
});
export type ChangeFieldRequest = z.input<typeof changeFieldRequest>;

/** POST /dataset/add-field/{id} */
export const addFieldRequest = z.object({ data: datasetField });
export type AddFieldRequest = z.input<typeof addFieldRequest>;

/** One record as the grid reads it: the kept keys and the field values keyed by field name. */
export const datasetDataRow = z
  .object({
    _id: z.number(),
    ds_id: z.number(),
    __user_id: z.number(),
    __sender_id: z.string(),
    __status: z.number(),
  })
  .catchall(z.unknown());
export type DatasetDataRow = z.infer<typeof datasetDataRow>;

export const recordFilterOperators = ['=', '!=', '>=', '<=', 'LIKE'] as const;
export const MAX_RECORD_FILTERS = 5;

/** A field compared with a value (the special field `__status` too); every filter must hold. */
export const recordFilter = z.object({
  field: z.string().trim().min(1).max(190),
  rel: z.enum(recordFilterOperators),
  value: z.string().max(200),
});
export type RecordFilterInput = z.input<typeof recordFilter>;

/** POST /dataset/get-with-keys: 10 records a page, oldest first, filtered by keywords in any field and by filters. */
export const recordsPageRequest = z.object({
  ds_id: datasetIdOf(datasetMessages.datasetRequired),
  keywords: z
    .string()
    .trim()
    .max(200)
    .nullish()
    .transform((value) => value ?? ''),
  page: numberOrDigits(z.number().int().min(0).max(1_000_000))
    .optional()
    .transform((page) => Math.max(1, page ?? 1)),
  filters: z
    .array(recordFilter)
    .max(MAX_RECORD_FILTERS)
    .nullish()
    .transform((filters) => filters ?? []),
});
export type RecordsPageRequest = z.input<typeof recordsPageRequest>;
export const recordsPageResponse = z.object({
  status: z.literal(1),
  page: z.number(),
  pages_count: z.number(),
  total: z.number(),
  ds_schema: z.array(datasetField),
  data: z.array(datasetDataRow),
});

/** Field values keyed by field name; each is checked against the field's type by the server. */
const recordValues = z.record(z.string().max(190), z.unknown());

/** POST /dataset/insert_data: `schema` is the dataset's id (the collection the record goes into). */
export const insertRecordRequest = z.object({
  schema: datasetIdOf(datasetMessages.datasetRequired),
  record: recordValues,
});
export type InsertRecordRequest = z.input<typeof insertRecordRequest>;

/** POST /dataset/update-dataset/: the record's `_id` and the values to change (`__status` may change too). */
export const updateRecordRequest = z.object({
  data: z
    .object({ _id: recordId, __status: statusFlag.optional() })
    .catchall(z.unknown())
    .transform(({ _id, __status, ...values }) => ({ _id, __status, values })),
});
export type UpdateRecordRequest = z.input<typeof updateRecordRequest>;

export const recordResponse = z.object({ status: z.literal(1), data: datasetDataRow });

/** POST /dataset/delete_data */
export const deleteRecordRequest = z.object({ _id: recordId });
/** POST /dataset/multiple-delete-data */
export const deleteRecordsRequest = z.object({
  ids: z
    .array(recordId, { error: datasetMessages.recordsRequired })
    .min(1, datasetMessages.recordsRequired)
    .max(1000),
});
export const deletedCountResponse = z.object({ status: z.literal(1), deleted: z.number() });

/** /dataset/{id} paths: an existing dataset; save/{id} also takes 0 (new). */
export const datasetIdParams = z.object({ id: idParam });
export const saveDatasetParams = z.object({ id: idOrZeroParam });

/** Import limits: a 20,000-row file, 8 MB of text (a 5,000-row catalogue is well under 2 MB). */
export const DATASET_IMPORT_MAX_ROWS = 20_000;
export const DATASET_IMPORT_MAX_BYTES = 8 * 1024 * 1024;
export const datasetFileFormats = ['csv', 'json'] as const;

/** The two halves of a location a file may keep in two columns. */
export const locationParts = ['latitude', 'longitude'] as const;
export type LocationPart = (typeof locationParts)[number];

/** Where a column goes: a field's name ('' skips the column), or one half of a location field. */
export const importColumnTarget = z.union([
  z.string().max(190),
  z.object({ field: z.string().max(190), part: z.enum(locationParts) }),
]);
export type ImportColumnTarget = z.infer<typeof importColumnTarget>;

/**
 * POST /dataset/import/preview/{id} and /dataset/import/{id}: the file's text, its format, and optionally which
 * field each column goes into ('' skips a column; a column left out goes into the field of the same name, and
 * a pair such as lat/lng or place_latitude/place_longitude into the location field they name).
 * CSV: a header row, then one record a row; a list cell is comma-separated; a location cell is "lat,lng",
 * "lat lng", "lat;lng" or GeoJSON. JSON: an array of objects. The import refuses the whole file while a row is
 * refused, unless skip_refused.
 */
export const importRecordsRequest = z.object({
  format: z.enum(datasetFileFormats, { error: datasetMessages.importFileRequired }),
  content: z
    .string({ error: datasetMessages.importFileRequired })
    .min(1, datasetMessages.importFileRequired)
    .max(DATASET_IMPORT_MAX_BYTES),
  mapping: z.record(z.string().max(190), importColumnTarget).optional(),
  skip_refused: z.boolean().default(false),
});
export type ImportRecordsRequest = z.input<typeof importRecordsRequest>;

export const importColumn = z.object({
  column: z.string(),
  field: z.string().nullable(),
  /** set when the column is one half of the location field */
  part: z.enum(locationParts).optional(),
});
export type ImportColumn = z.infer<typeof importColumn>;
export const refusedImportRow = z.object({
  /** 1-based, counting records (a CSV's header is not a record) */
  row: z.number(),
  errors: z.record(z.string(), z.array(z.string())),
});
export const importPreviewResponse = z.object({
  status: z.literal(1),
  columns: z.array(importColumn),
  rows_count: z.number(),
  accepted_count: z.number(),
  /** the first 100 refused rows */
  refused: z.array(refusedImportRow),
  /** the first 10 records as they would be stored */
  sample: z.array(z.record(z.string(), z.unknown())),
});
export type ImportPreviewResponse = z.infer<typeof importPreviewResponse>;
export const importRecordsResponse = z.object({ status: z.literal(1), imported: z.number() });

/** GET /dataset/export/{id}?format=csv|json: the records as a download (fields only, oldest first). */
export const exportRecordsQuery = z.object({ format: z.enum(datasetFileFormats).default('csv') });
