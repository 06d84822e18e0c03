import { z } from 'zod';
import { botLanguages } from './localized-text.ts';

export const commandLangs = botLanguages;
export type CommandLang = (typeof commandLangs)[number];

export const commandMessages = {
  nameRequired: 'The command name field is required',
  langInvalid: 'The command language must be one of ar, en, de',
  saved: 'Successfully saved',
  cloned: 'Successfully cloned',
} as const;

export const commandRecord = z.object({
  command_id: z.number(),
  command_name: z.string(),
  command_description: z.string(),
  command_lang: z.string(),
  command_status: z.number(),
  command_service_id: z.number(),
  user_id: z.number(),
  service_name: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CommandRecord = z.infer<typeof commandRecord>;

/** POST /command/get/{service_id}/{page} and POST /command_var/get/{command_id}/{page} */
export const keywordsRequest = z
  .object({
    keywords: z
      .string()
      .trim()
      .max(200)
      .nullish()
      .transform((value) => value ?? ''),
  })
  // a bodiless call lists everything
  .nullish()
  .transform((value) => value ?? { keywords: '' });

/** A 1-based page as the command and variable lists answer it. */
export function numberedPage<T extends z.ZodType>(row: T) {
  return z.object({ status: z.literal(1), page: z.number(), pages_count: z.number(), data: z.array(row) });
}

export const commandPageResponse = numberedPage(commandRecord);
export type CommandPageResponse = z.infer<typeof commandPageResponse>;

/** One entry of GET /command/get_all. */
export const commandListItem = z.object({
  command_id: z.number(),
  command_name: z.string(),
  service_name: z.string(),
});
export type CommandListItem = z.infer<typeof commandListItem>;

/** POST /command/save/{service_id}/{command_id}; command_id 0 creates. */
export const saveCommandRequest = z.object({
  command_name: z
    .string({ error: commandMessages.nameRequired })
    .trim()
    .min(1, commandMessages.nameRequired)
    .max(190),
  command_description: z
    .string()
    .max(5000)
    .nullish()
    .transform((value) => value ?? ''),
  command_lang: z.enum(commandLangs, { error: commandMessages.langInvalid }).default('ar'),
});
export type SaveCommandRequest = z.input<typeof saveCommandRequest>;

export const saveCommandResponse = z.object({ status: z.literal(1), id: z.number(), msg: z.string() });

/** GET /command/get_fixed_commands: system command key → display name. */
export const fixedCommandsResponse = z.object({
  status: z.literal(1),
  data: z.record(z.string(), z.string()),
});
