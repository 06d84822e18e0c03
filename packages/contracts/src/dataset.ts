import { z } from 'zod';
import { numberOrDigits } from './numeric-input.ts';

export const datasetTypes = ['dataset', 'menu'] as const;
export type DatasetType = (typeof datasetTypes)[number];
export const datasetFieldTypes = ['text', 'number', 'list', 'location', 'image'] as const;
export const datasetFieldPermissions = ['r', 'rw'] as const;

export const datasetMessages = {
  datasetRequired: 'Please choose the dataset',
  fieldRequired: 'The field name is required',
  fieldUnknown: 'The field does not exist in the dataset',
} as const;

export const datasetField = z.object({
  name: z.string().trim().min(1).max(190),
  type: z.enum(datasetFieldTypes),
  permission: z.enum(datasetFieldPermissions).default('rw'),
});
export type DatasetField = z.infer<typeof datasetField>;

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

/** A dataset record row: the field values keyed by schema field name. */
export const datasetRow = z.object({
  _id: z.number(),
  ds_id: z.number(),
  user_id: z.number(),
  data: z.record(z.string(), z.unknown()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type DatasetRow = z.infer<typeof datasetRow>;
