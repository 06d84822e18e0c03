import { z } from 'zod';
import { idParam } from './numeric-input.ts';

export const advertiseMessages = {
  codeRequired: 'the code field is required',
  codeTooLarge: 'The code may not be greater than 20 KB',
  ratioInvalid: 'The random ratio must be from 10 to 100 in steps of 10',
  tooMany: 'A command may not have more than 20 advertises',
  deleted: 'Successfully deleted',
} as const;

export const ADVERTISE_CODE_MAX_BYTES = 20 * 1024;
export const ADVERTISE_RATIO_DEFAULT = '10';
export const ADVERTISE_RATIO_MIN = 10;
export const ADVERTISE_RATIO_MAX = 100;
export const ADVERTISE_RATIO_STEP = 10;
export const MAX_ADVERTISES_PER_COMMAND = 20;

const flag = z
  .union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.boolean()])
  .transform((value): 0 | 1 => (value === 1 || value === '1' || value === true ? 1 : 0));

/** UTF-8 size without TextEncoder, which the contracts' no-DOM, no-Node lib does not declare. */
function utf8Length(text: string): number {
  let bytes = 0;
  for (const character of text) {
    const point = character.codePointAt(0) ?? 0;
    bytes += point < 0x80 ? 1 : point < 0x800 ? 2 : point < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/** '10' … '100' in steps of 10; the console's slider sends a number, the spec stores a string. */
export const randomRatio = z
  .union([z.number(), z.string().trim()], { error: advertiseMessages.ratioInvalid })
  .transform((value) => Number(value))
  .refine(
    (value) =>
      Number.isInteger(value) &&
      value >= ADVERTISE_RATIO_MIN &&
      value <= ADVERTISE_RATIO_MAX &&
      value % ADVERTISE_RATIO_STEP === 0,
    advertiseMessages.ratioInvalid,
  )
  .transform(String);

/** One ad as the editor sends it: with an id it updates that ad, without one it is inserted. */
export const advertiseInput = z.object({
  id: idParam.nullish(),
  code: z
    .string({ error: advertiseMessages.codeRequired })
    .refine((code) => code.trim() !== '', advertiseMessages.codeRequired)
    .refine((code) => utf8Length(code) <= ADVERTISE_CODE_MAX_BYTES, advertiseMessages.codeTooLarge),
  status: flag.default(0),
  random: flag.default(0),
  random_ratio: randomRatio.default(ADVERTISE_RATIO_DEFAULT),
});
export type AdvertiseInput = z.output<typeof advertiseInput>;

/** POST /command_advertises/save/{command_id}: `{data: ads}`; answers the refreshed list. */
export const saveAdvertisesRequest = z.object({
  data: z.array(advertiseInput).max(MAX_ADVERTISES_PER_COMMAND, advertiseMessages.tooMany),
});
export type SaveAdvertisesRequest = z.input<typeof saveAdvertisesRequest>;

export const advertiseRecord = z.object({
  id: z.number(),
  command_id: z.number(),
  code: z.string(),
  status: z.number(),
  random: z.number(),
  random_ratio: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdvertiseRecord = z.infer<typeof advertiseRecord>;

/** GET /command_advertises/get/{command_id} and the answer of save. */
export const advertiseListResponse = z.object({ status: z.literal(1), data: z.array(advertiseRecord) });
