import { z } from 'zod';
import { idOrZeroParam, idParam, numberOrDigits } from './numeric-input.ts';

/** Messages of the maps and locations screens (spec part 2 §5); the console shows them under their field. */
export const mapMessages = {
  titleRequired: 'The title field is required',
  titleTooLong: 'The title may not be greater than 190 characters',
  xRequired: 'The x field is required',
  yRequired: 'The y field is required',
  yawRequired: 'The yaw field is required',
  decimalInvalid: 'The value must be a decimal number',
  mapRequired: 'The map field is required',
  mapInvalid: 'The selected map is invalid',
} as const;

export const MAP_TITLE_MAX = 190;
/** Fraction digits a coordinate keeps (spec part 2 §5: "decimal up to 18 places"). */
export const COORDINATE_FRACTION_DIGITS_MAX = 18;
/** Coordinates are positions on an owner's map or the globe; anything past this is a typing slip. */
export const COORDINATE_ABS_MAX = 1_000_000_000;

const DECIMAL_TEXT = new RegExp(`^-?(0|[1-9][0-9]{0,9})(\\.[0-9]{1,${COORDINATE_FRACTION_DIGITS_MAX}})?$`);

/**
 * A required decimal (x, y, yaw): a finite number, or text written as a plain decimal (`-12.5`, `3`; spaces around
 * it are trimmed). Text such as '1e3', '0x1' or '+2' is refused rather than read, as with ids. Empty or missing
 * answers `required`.
 */
function decimalInput(required: string) {
  return z
    .union([z.number(), z.string().trim()], { error: required })
    .superRefine((value, context) => {
      if (value === '') context.addIssue({ code: 'custom', message: required });
      // z.number() has already refused NaN and the infinities
      else if (typeof value === 'string' && !DECIMAL_TEXT.test(value))
        context.addIssue({ code: 'custom', message: mapMessages.decimalInvalid });
      else if (Math.abs(Number(value)) > COORDINATE_ABS_MAX)
        context.addIssue({ code: 'custom', message: mapMessages.decimalInvalid });
    })
    .transform(Number);
}

const title = z
  .string({ error: mapMessages.titleRequired })
  .trim()
  .min(1, mapMessages.titleRequired)
  .max(MAP_TITLE_MAX, mapMessages.titleTooLong);

/** GET /maps?page={n}&keyword={text} */
export const mapListQuery = z.object({
  page: numberOrDigits(z.number().int().min(0).max(1_000_000))
    .default(1)
    .transform((page) => Math.max(1, page)),
  keyword: z.string().trim().max(200).optional().default(''),
});

/** GET /locations/list/{map}?page={n} */
export const locationListQuery = mapListQuery.pick({ page: true });

export const mapIdParams = z.object({ id: idParam });
/** POST /maps/{id}, POST /locations/{id}: 0 creates. */
export const mapSaveParams = z.object({ id: idOrZeroParam });
/** GET /locations/list/{map}: 0 lists the locations of every map of the owner. */
export const locationListParams = z.object({ map: idOrZeroParam });

export const mapRecord = z.object({
  _id: z.number(),
  title: z.string(),
  /** how many locations the map holds (the list's Locations column) */
  locations_count: z.number(),
});
export type MapRecord = z.infer<typeof mapRecord>;

export const mapChoice = z.object({ _id: z.number(), title: z.string() });
export type MapChoice = z.infer<typeof mapChoice>;

export const locationRecord = z.object({
  _id: z.number(),
  title: z.string(),
  map_id: z.number(),
  map: mapChoice,
  x: z.number(),
  y: z.number(),
  yaw: z.number(),
});
export type LocationRecord = z.infer<typeof locationRecord>;

/** A page of a list: `data.current_page`, `data.data`, and `pages_count` beside `data` (spec part 2 §7). */
function pagedListResponse<T extends z.ZodType>(row: T) {
  return z.object({
    status: z.literal(1),
    data: z.object({ current_page: z.number(), data: z.array(row) }),
    pages_count: z.number(),
  });
}

export const mapListResponse = pagedListResponse(mapRecord);
export const locationListResponse = pagedListResponse(locationRecord);

/** POST /maps/{id} */
export const saveMapRequest = z.object({ title });
export type SaveMapRequest = z.input<typeof saveMapRequest>;

/** POST /locations/{id} */
export const saveLocationRequest = z.object({
  title,
  x: decimalInput(mapMessages.xRequired),
  y: decimalInput(mapMessages.yRequired),
  yaw: decimalInput(mapMessages.yawRequired),
  /** the console's selector sends a number; 0 or nothing means no map was chosen */
  map_id: numberOrDigits(
    z
      .number({ error: mapMessages.mapRequired })
      .int(mapMessages.mapRequired)
      .positive(mapMessages.mapRequired)
      .max(Number.MAX_SAFE_INTEGER, mapMessages.mapInvalid),
  ),
});
export type SaveLocationRequest = z.input<typeof saveLocationRequest>;
export type LocationFields = z.output<typeof saveLocationRequest>;

/** POST /maps/{id} and /locations/{id}: the saved row's id. */
export const savedMapItemResponse = z.object({ status: z.literal(1), data: z.object({ _id: z.number() }) });
