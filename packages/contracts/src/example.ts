import { z } from 'zod';
import { commandLangs } from './command.ts';
import { idParam } from './numeric-input.ts';
import { statusFlag } from './service.ts';

export const exampleMessages = {
  textRequired: 'The example text field is required',
  tagMissing: 'The tagged text does not occur in the example',
  variableUnknown: 'The tagged variable does not belong to this command',
  commandRequired: 'The example command is required',
  saved: 'Successfully saved',
} as const;

/** A tagged span of an example: `tag` is the text, `type` the variable id it fills. */
export const exampleVar = z.object({
  tag: z.string().trim().min(1).max(500),
  type: idParam,
});
export type ExampleVar = z.infer<typeof exampleVar>;

const optionalId = z.preprocess(
  (value) => (value === '' || value === 0 || value === '0' ? null : value),
  idParam.nullish(),
);

const exampleFields = z.object({
  /** absent or null creates the example */
  _id: optionalId,
  example_command_id: optionalId,
  example_text: z
    .string({ error: exampleMessages.textRequired })
    .trim()
    .min(1, exampleMessages.textRequired)
    .max(2000),
  /** absent or null: the language the text is written in (Arabic script; English or German among the owner's languages), else the command's */
  example_lang: z.enum(commandLangs).nullish(),
  example_vars: z
    .array(exampleVar)
    .max(100)
    .nullish()
    .transform((value) => value ?? []),
  example_status: statusFlag.default(1),
});

/** Every tag has to be a span of the text it tags. */
function tagsOccurInText(value: z.output<typeof exampleFields>, context: z.RefinementCtx): void {
  value.example_vars.forEach((exampleVariable, index) => {
    if (!value.example_text.includes(exampleVariable.tag)) {
      context.addIssue({
        code: 'custom',
        path: ['example_vars', index, 'tag'],
        message: exampleMessages.tagMissing,
      });
    }
  });
}

export const exampleInput = exampleFields.superRefine(tagsOccurInText);
export type ExampleInput = z.input<typeof exampleInput>;
export type ParsedExample = z.output<typeof exampleInput>;

/** POST /command_example/save_example: one example; example_command_id is required. */
export const saveExampleRequest = exampleInput.refine((value) => value.example_command_id != null, {
  message: exampleMessages.commandRequired,
  path: ['example_command_id'],
});
export type SaveExampleRequest = z.input<typeof saveExampleRequest>;

/**
 * POST /command_example/save/{command_id} (the path names the command) and POST /command_example/save_all/
 * (each example names its command): `{examples: [...]}` or a bare list.
 */
export const saveExamplesRequest = z.union([
  z.object({ examples: z.array(exampleInput).max(1000) }),
  z.array(exampleInput).max(1000),
]);
export type SaveExamplesRequest = z.input<typeof saveExamplesRequest>;

export const exampleRecord = z.object({
  _id: z.number(),
  example_command_id: z.number(),
  user_id: z.number(),
  example_text: z.string(),
  example_lang: z.string(),
  example_vars: z.array(exampleVar),
  example_status: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ExampleRecord = z.infer<typeof exampleRecord>;

export const negativeExampleMessages = {
  notFound: 'The negative example was not found',
  removed: 'The negative example was removed',
} as const;

/**
 * A negative example: a message the owner marked "not for this bot" in a transcript. It belongs to
 * the service whose command wrongly answered it and teaches the bot to reject such messages.
 */
export const negativeExampleRecord = z.object({
  id: z.number(),
  service_id: z.number(),
  text: z.string(),
  lang: z.string(),
  created_at: z.string(),
});
export type NegativeExampleRecord = z.infer<typeof negativeExampleRecord>;
