import { z } from 'zod';
import { numberOrDigits } from './numeric-input.ts';

/** Messages of the services screens; the console shows "already been taken" under the name field. */
export const serviceMessages = {
  nameRequired: 'The service name field is required',
  nameTaken: 'The service name has already been taken',
  saved: 'Successfully saved',
  deleted: 'Successfully deleted',
  cloned: 'Successfully cloned',
} as const;

/** A 0/1 flag; the console may send 0/1, '0'/'1' or a boolean. */
export const statusFlag = z
  .union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.boolean()])
  .transform((value): 0 | 1 => (value === 1 || value === '1' || value === true ? 1 : 0));

/** POST …/set_status/{id} for services, commands, variables and examples. */
export const setStatusRequest = z.object({ status: statusFlag });
export type SetStatusRequest = z.input<typeof setStatusRequest>;

export const serviceRecord = z.object({
  service_id: z.number(),
  user_id: z.number(),
  service_name: z.string(),
  service_description: z.string(),
  service_status: z.number(),
  /** 1: every owner may list and clone it; only its owner edits it */
  is_public: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ServiceRecord = z.infer<typeof serviceRecord>;

/** GET /service?search=&page= */
export const serviceListQuery = z.object({
  page: numberOrDigits(z.number().int().min(1).max(1_000_000)).default(1),
  search: z.string().trim().max(200).optional().default(''),
});

/** The paged object of GET /service: `data` is the page's rows. */
export const servicePage = z.object({
  data: z.array(serviceRecord),
  current_page: z.number(),
  last_page: z.number(),
  total: z.number(),
  per_page: z.number(),
});
export type ServicePage = z.infer<typeof servicePage>;

/** POST /service/save and /service/save/{id} */
export const saveServiceRequest = z.object({
  service_name: z
    .string({ error: serviceMessages.nameRequired })
    .trim()
    .min(1, serviceMessages.nameRequired)
    .max(190),
  service_description: z
    .string()
    .max(5000)
    .nullish()
    .transform((value) => value ?? ''),
  service_status: statusFlag.optional(),
  is_public: statusFlag.optional(),
});
export type SaveServiceRequest = z.input<typeof saveServiceRequest>;

export const saveServiceResponse = z.object({ status: z.literal(1), id: z.number(), msg: z.string() });

/** One entry of GET /service/get_list. */
export const serviceListEntry = z.object({
  service_id: z.number(),
  service_name: z.string(),
  commands: z.array(z.object({ command_id: z.number(), command_name: z.string() })),
});
export type ServiceListEntry = z.infer<typeof serviceListEntry>;

/** GET /service/get_list: the owner's services and everyone's public ones. */
export const serviceListResponse = z.object({
  status: z.literal(1),
  private: z.array(serviceListEntry),
  public: z.array(serviceListEntry),
});
export type ServiceListResponse = z.infer<typeof serviceListResponse>;

/** GET /service/{service_id}/examples; `?type=file` downloads the same list as a JSON file. */
export const serviceExamplesQuery = z.object({ type: z.enum(['file', 'json']).optional() });
