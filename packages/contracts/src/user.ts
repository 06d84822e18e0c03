import { z } from 'zod';
import { emailField } from './auth.ts';
import { messages } from './messages.ts';
import { numberOrDigits } from './numeric-input.ts';

export const registrationDrivers = ['web', 'facebook', 'google'] as const;
export type RegistrationDriver = (typeof registrationDrivers)[number];

/** What GET /user/me answers in `data`: the user state plus the profile. */
export const userProfile = z.object({
  is_login: z.literal(true),
  user_id: z.number(),
  user_reg_driver: z.enum(registrationDrivers),
  username: z.string(),
  user_fullname: z.string(),
  user_email: z.string(),
  /** URL of the avatar image, or null */
  avatar: z.string().nullable(),
  user_status: z.number(),
  /** `bert` shows the Train button on the examples tab */
  engine_type: z.string(),
  fb_pages: z.array(z.object({ id: z.string(), name: z.string() })),
  mail_server_cred: z.object({ mail_server_username: z.string(), mail_server_password: z.string() }),
  user_customer_support: z.object({
    cs_status: z.number(),
    cs_username: z.string(),
    cs_email: z.string(),
    cs_password: z.string(),
    /** cs_webhook_path: where the owner's Chatwoot posts its events ('' until the card is saved once) */
    cs_info: z.object({
      cs_endpoint: z.string(),
      cs_timeout_minutes: z.number(),
      cs_webhook_path: z.string(),
    }),
  }),
  /** a new email waiting for the confirmation link mailed to it (SIGNUP=verify); absent or null when none */
  pending_email: z.string().nullable().optional(),
});
export type UserProfile = z.infer<typeof userProfile>;

/**
 * The dashboard's first steps, read from the owner's data: the first command that has examples (where its
 * response is written; null before one has) and whether any command has a response. Trying the bot is the
 * senders count: everyone who wrote to it on a channel or the web messenger.
 */
export const firstSteps = z.object({
  command_with_examples: z.object({ service_id: z.number(), command_id: z.number() }).nullable(),
  has_response: z.boolean(),
});
export type FirstSteps = z.infer<typeof firstSteps>;

/** GET /user/stats answers these at the top level beside status. */
export const userStats = z.object({
  senders: z.number(),
  services: z.number(),
  commands: z.number(),
  first_steps: firstSteps,
});
export type UserStats = z.infer<typeof userStats>;

const email = emailField;

/**
 * POST /user/update_settings is a union on `mode`. A multipart body sends `mode` as text: the server turns it
 * into a number before parsing.
 */

/**
 * What the console gets instead of a stored secret (a mail server or customer-support password): secrets are
 * never sent back (DESIGN.md §8). Saved back unchanged, it keeps the stored secret.
 */
export const STORED_SECRET_MASK = '\u2022'.repeat(8);

/** mode 1: password change (registration driver web only). */
export const passwordChange = z
  .object({
    mode: z.literal(1),
    old_password: z.string({ error: messages.passwordRequired }).min(1, messages.passwordRequired).max(200),
    password: z
      .string({ error: messages.passwordRequired })
      .min(1, messages.passwordRequired)
      .min(6, messages.passwordMin6)
      .max(200),
    password_confirmation: z
      .string({ error: messages.confirmationRequired })
      .min(1, messages.confirmationRequired)
      .max(200),
  })
  .refine((v) => v.password === v.password_confirmation, {
    message: messages.confirmationMismatch,
    path: ['password_confirmation'],
  });

/** mode 2: basic settings. The avatar comes as a multipart file field `avatar` (image/jpeg or image/png). */
export const basicSettings = z.object({
  mode: z.literal(2),
  user_email: email,
  username: z.string({ error: messages.usernameRequired }).trim().min(1, messages.usernameRequired).max(50),
  user_fullname: z.string({ error: messages.nameRequired }).trim().min(1, messages.nameRequired).max(120),
  mail_server_username: z
    .string()
    .trim()
    .max(190)
    .refine((v) => v === '' || z.email().safeParse(v).success, messages.emailInvalid)
    .optional()
    .default(''),
  mail_server_password: z.string().max(200).optional().default(''),
});

/** A hand-over goes back to the bot after this many minutes without a message (Botpress HITL's is 10). */
export const CS_TIMEOUT_DEFAULT_MINUTES = 10;

/** mode 3: customer-support credentials. */
export const customerSupportSettings = z.object({
  mode: z.literal(3),
  cs_status: numberOrDigits(z.number().int().min(0).max(1)).default(0),
  cs_username: z
    .string({ error: messages.usernameRequired })
    .trim()
    .min(1, messages.usernameRequired)
    .max(120),
  cs_email: email,
  cs_password: z
    .string({ error: messages.passwordRequired })
    .min(1, messages.passwordRequired)
    .min(8, messages.passwordMin8)
    .max(200),
  cs_endpoint: z.string().trim().max(500).optional().default(''),
  /** minutes without a message after which a hand-over goes back to the bot */
  cs_timeout_minutes: numberOrDigits(z.number().int().min(1).max(1440)).default(CS_TIMEOUT_DEFAULT_MINUTES),
});

export const updateSettingsRequest = z.discriminatedUnion('mode', [
  passwordChange,
  basicSettings,
  customerSupportSettings,
]);
export type UpdateSettingsRequest = z.infer<typeof updateSettingsRequest>;

export const AVATAR_MAX_BYTES = 3 * 1024 * 1024;
export const AVATAR_TYPES = ['image/jpeg', 'image/png'] as const;
