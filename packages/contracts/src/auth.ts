import { z } from 'zod';
import { messages } from './messages.ts';
import { idParam } from './numeric-input.ts';

/** A required, trimmed, valid email address (the sign-in forms and the settings share it). */
export const emailField = z
  .string({ error: messages.emailRequired })
  .trim()
  .min(1, messages.emailRequired)
  .max(190)
  .pipe(z.email({ error: messages.emailInvalid }));
const email = emailField;

/** POST /passport/login */
export const loginRequest = z.object({
  email,
  password: z.string({ error: messages.passwordRequired }).min(1, messages.passwordRequired).max(200),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const loginResponse = z.object({
  status: z.literal(1),
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  /** seconds until the token expires */
  expires_in: z.number(),
});
export type LoginResponse = z.infer<typeof loginResponse>;

const registrationFields = {
  username: z.string({ error: messages.usernameRequired }).trim().min(1, messages.usernameRequired).max(50),
  user_fullname: z.string({ error: messages.nameRequired }).trim().min(1, messages.nameRequired).max(120),
  user_email: email,
  user_password: z
    .string({ error: messages.passwordRequired })
    .min(1, messages.passwordRequired)
    .min(6, messages.passwordMin6)
    .max(200),
  user_password_confirmation: z
    .string({ error: messages.confirmationRequired })
    .min(1, messages.confirmationRequired)
    .max(200),
};

function confirmationMatches(value: { user_password: string; user_password_confirmation: string }) {
  return value.user_password === value.user_password_confirmation;
}
const mismatch = { message: messages.confirmationMismatch, path: ['user_password_confirmation'] };

/** POST /passport/register (signs in afterwards) and POST /user/register/ (pending activation) */
export const registerRequest = z.object(registrationFields).refine(confirmationMatches, mismatch);
export type RegisterRequest = z.infer<typeof registerRequest>;

/** The token of a pending social sign-in or of a sign-in ticket (opaque, 43 characters as issued). */
const socialToken = z.string({ error: messages.errorAccessToken }).min(1, messages.errorAccessToken).max(200);

/** POST /user/social_register — completes a pending social sign-in identified by user_token. */
export const socialRegisterRequest = z
  .object({
    ...registrationFields,
    username: registrationFields.username.min(8, messages.usernameMin8),
    user_fullname: registrationFields.user_fullname.min(8, messages.nameMin8),
    user_password: registrationFields.user_password.min(8, messages.passwordMin8),
    user_token: socialToken,
  })
  .refine(confirmationMatches, mismatch);
export type SocialRegisterRequest = z.infer<typeof socialRegisterRequest>;

/**
 * POST /user/resend_activation: a new activation link for a pending account. The answer is the same whether or
 * not such an account exists (it tells nobody which emails have accounts).
 */
export const resendActivationRequest = z.object({ email });
export type ResendActivationRequest = z.infer<typeof resendActivationRequest>;

/**
 * GET /passport/signup: how this server takes sign-ups (the operator's SIGNUP), and whether it offers sign-in with
 * Facebook (the operator set FB_APP_ID and FB_APP_SECRET), for the console's pages.
 */
export const signupModeResponse = z.object({
  status: z.literal(1),
  data: z.object({ signup: z.enum(['open', 'verify', 'closed']), facebook: z.boolean() }),
});

/** A path of the console to return to after signing in (the login page's `redirect`). */
const consolePath = z.string().max(2000);

/** GET /passport/facebook: the browser is sent to Facebook Login's dialog, then back to the callback. */
export const facebookSigninQuery = z.object({ redirect: consolePath.optional() });

/** GET /passport/facebook/callback: what Facebook Login's dialog sends back (a code, or why there is none). */
export const facebookCallbackQuery = z.object({
  code: z.string().max(2000).optional(),
  state: z.string().max(4000).optional(),
  error: z.string().max(200).optional(),
  error_reason: z.string().max(200).optional(),
  error_description: z.string().max(1000).optional(),
});

/**
 * Why a sign-in with Facebook ended on the login page (`/user/login?social_error=…`): the state was missing,
 * foreign or old (`expired`), the person cancelled, Facebook failed or gave no email, sign-ups are closed, the
 * email belongs to an account Facebook cannot sign in (its address was never proven, or it signs in with
 * another Facebook account), or the account waits for activation.
 */
export const socialSigninErrors = [
  'expired',
  'cancelled',
  'facebook',
  'no_email',
  'closed',
  'email_in_use',
  'not_active',
] as const;
export type SocialSigninError = (typeof socialSigninErrors)[number];

/** POST /passport/social_login: the ticket the callback gave an existing account, for its bearer token. */
export const socialLoginRequest = z.object({ token: socialToken });
export type SocialLoginRequest = z.infer<typeof socialLoginRequest>;

/** GET /user/social_register/{token}: the pending sign-in the social register page completes. */
export const socialSigninParams = z.object({ token: socialToken });
export const pendingSocialSigninResponse = z.object({
  status: z.literal(1),
  data: z.object({ provider: z.string(), name: z.string(), email: z.string() }),
});
export type PendingSocialSignin = z.infer<typeof pendingSocialSigninResponse>['data'];

/** GET /user/activate/{user_id}/{code} — the console's activation route calls it. */
export const activateParams = z.object({
  user_id: idParam,
  code: z.string().min(1).max(200),
});

/** POST /validate-sender: a web-messenger sender id is a random positive integer. */
/** A number, or digits as text (the widget keeps the id in a cookie); booleans, arrays and the like are refused. */
export const validateSenderRequest = z.object({
  id: z
    .union([z.number(), z.string().trim().regex(/^\d+$/, messages.senderInvalid).transform(Number)], {
      error: messages.senderInvalid,
    })
    .pipe(
      z
        .number()
        .int(messages.senderInvalid)
        .positive(messages.senderInvalid)
        .max(Number.MAX_SAFE_INTEGER, messages.senderInvalid),
    ),
});
