import { z } from 'zod';
import { okWith } from './envelope.ts';
import { idOrZeroParam, idParam, numberOrDigits } from './numeric-input.ts';
import { WHATSAPP_TEMPLATE_LANGUAGE, WHATSAPP_TEMPLATE_NAME } from './whatsapp-template.ts';

/**
 * Subscription channels and their notifications (spec part 2 "Subscription", "Notification data", the
 * subscriptions calls). A channel collects senders who asked to hear from the bot (the `sub`
 * response, the `subscribe` action); the owner sends them a notification from the console, or their own
 * system does through `POST /send_to_subscribers_from_api` with the channel's `api_key`.
 */
export const SUBSCRIPTION_TITLE_MAX = 190;
export const SUBSCRIPTION_DESC_MAX = 2000;
export const WHITE_DOMAINS_MAX = 20;
export const NOTIFICATION_BUTTONS_MAX = 3;
export const NOTIFICATION_TITLE_MAX = 640;
export const NOTIFICATION_SUBTITLE_MAX = 2000;
/** values of one variable an audience filter may name */
export const FILTER_VALUES_MAX = 100;

export const subscriptionMessages = {
  titleRequired: 'The sc title field is required',
  titleTooLong: 'The sc title may not be greater than 190 characters',
  descTooLong: 'The sc desc may not be greater than 2000 characters',
  commandNotFound: 'The selected command is invalid',
  domainInvalid: 'The white domain must be a domain name such as example.com',
  tooManyDomains: 'You may not add more than 20 white domains',
  channelNotFound: 'The subscription channel was not found',
  subCountRequired: 'There are no subscribers to send to',
  typeRequired: 'The type field is required',
  titleRequiredForType: 'The title field is required',
  mediaRequired: 'The media field is required',
  mediaUrl: 'The media must be a valid URL',
  redirectTypeRequired: 'The redirect type field is required',
  redirectLinkUrl: 'The redirect link must be a valid URL',
  buttonInvalid: 'Each button needs a label and a value',
  tooManyButtons: 'A notification may not have more than 3 buttons',
  apiKeyInvalid: 'The api key is invalid',
  originRefused: 'This site may not send to the subscription channel',
  apiSendsThrottled: 'Too many sends with this api key: at most 30 a minute, please try again in a minute',
  subscribed: 'Subscribed',
  templateNameInvalid:
    'The template name is the one WhatsApp approved: lower-case letters, digits and underscores',
  templateLanguageInvalid: 'The template language is a WhatsApp language code such as en_US, ar or de',
  tooManyTemplateParams: 'A template may not have more than 10 parameters',
  outsideWindowNoTemplate:
    'More than 24 hours since this subscriber last wrote: WhatsApp takes only an approved template, and this channel names none',
  templateParamEmpty: 'The WhatsApp template needs a value this notification does not have',
} as const;

/** Where a notification goes: null is every platform (spec: null, web, sub_facebook, whats). */
export const notificationPlatforms = ['web', 'sub_facebook', 'whats'] as const;
export type NotificationPlatform = (typeof notificationPlatforms)[number];
export const notificationTypes = ['text', 'card', 'video', 'image'] as const;
export type NotificationType = (typeof notificationTypes)[number];
export const redirectTypes = ['web_wedgit', 'custom_link'] as const;

/** The stored sender platform a notification platform stands for (a Messenger page's senders are `facebook`). */
export const senderPlatformOf: Record<NotificationPlatform, string> = {
  web: 'web',
  sub_facebook: 'facebook',
  whats: 'whatsapp',
};

const DOMAIN =
  /^(?=.{1,253}$)(\*\.)?([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(:\d{1,5})?$/;

/**
 * A white domain as typed: `example.com`, `shop.example.com:8080`, `*.example.com`, or an address whose host
 * is taken (`https://example.com/page` → `example.com`); lower-cased.
 */
export const whiteDomain = z
  .string()
  .trim()
  .transform((value) => {
    const lower = value.toLowerCase();
    const withoutScheme = lower.replace(/^[a-z][a-z0-9+.-]*:\/\//, '');
    return withoutScheme.split(/[/?#]/)[0] ?? '';
  })
  .refine((value) => DOMAIN.test(value), subscriptionMessages.domainInvalid);

const optionalCommandId = z.preprocess(
  (value) => (value === '' || value === undefined || value === 0 || value === '0' ? null : value),
  idParam.nullable(),
);

/** What fills a template's body parameters, {{1}}, {{2}}… in order: the notification's title, subtitle or link. */
export const whatsappTemplateParams = ['title', 'subtitle', 'link'] as const;
export type WhatsappTemplateParam = (typeof whatsappTemplateParams)[number];
export const WHATSAPP_TEMPLATE_PARAMS_MAX = 10;

/**
 * The approved WhatsApp message template a notification goes as to a subscriber who has not written in
 * 24 hours: WhatsApp takes nothing else from a business then. Its name and language as approved in
 * WhatsApp Manager, and what fills its body parameters.
 */
export const whatsappTemplate = z.object({
  name: z
    .string({ error: subscriptionMessages.templateNameInvalid })
    .trim()
    .regex(WHATSAPP_TEMPLATE_NAME, subscriptionMessages.templateNameInvalid),
  language: z
    .string({ error: subscriptionMessages.templateLanguageInvalid })
    .trim()
    .regex(WHATSAPP_TEMPLATE_LANGUAGE, subscriptionMessages.templateLanguageInvalid),
  params: z
    .array(z.enum(whatsappTemplateParams))
    .max(WHATSAPP_TEMPLATE_PARAMS_MAX, subscriptionMessages.tooManyTemplateParams)
    .default([]),
});
export type WhatsappTemplate = z.output<typeof whatsappTemplate>;

/**
 * POST /subscription/save/{id} (0 creates): `{sc_title, sc_desc, sc_command_id, white_domains}`, and the WhatsApp
 * template for subscribers outside the 24-hour window (absent or null: none).
 */
export const saveSubscriptionRequest = z.object({
  sc_title: z
    .string({ error: subscriptionMessages.titleRequired })
    .trim()
    .min(1, subscriptionMessages.titleRequired)
    .max(SUBSCRIPTION_TITLE_MAX, subscriptionMessages.titleTooLong),
  sc_desc: z
    .string()
    .max(SUBSCRIPTION_DESC_MAX, subscriptionMessages.descTooLong)
    .nullish()
    .transform((value) => value ?? ''),
  sc_command_id: optionalCommandId.default(null),
  white_domains: z
    .array(whiteDomain)
    .max(WHITE_DOMAINS_MAX, subscriptionMessages.tooManyDomains)
    .nullish()
    .transform((value) => [...new Set(value ?? [])]),
  whatsapp_template: whatsappTemplate.nullish().transform((value) => value ?? null),
});
export type SaveSubscriptionRequest = z.input<typeof saveSubscriptionRequest>;

export const subscriptionIdParams = z.object({ id: idOrZeroParam });
export const existingSubscriptionIdParams = z.object({ id: idParam });
export const subscriptionPageParams = z.object({ page: numberOrDigits(z.number().int().min(1)) });
export const browseSubscriptionParams = z.object({ channel_id: idParam });
export const browseSubscriptionCommandParams = z.object({ channel_id: idParam, command_id: idParam });

/** The distinct values the subscribers of a channel gave one of its command's variables. */
export const subscriptionVariable = z.object({ sv_variable_name: z.string(), vals: z.array(z.string()) });
export type SubscriptionVariable = z.infer<typeof subscriptionVariable>;

export const subscription = z.object({
  sc_id: z.number(),
  sc_title: z.string(),
  sc_desc: z.string(),
  sc_command_id: z.number().nullable(),
  sc_command_name: z.string().nullable(),
  sc_command_service_id: z.number().nullable(),
  /** the spelling is the spec's: the number of active subscribers */
  sc_sibscripers_count: z.number(),
  white_domains: z.array(z.string()),
  api_key: z.string(),
  variables: z.array(subscriptionVariable),
  whatsapp_template: whatsappTemplate.nullable(),
});
export type Subscription = z.infer<typeof subscription>;

/** A list row: the channel without its key, variable values and template. */
export const subscriptionRow = subscription.omit({ api_key: true, variables: true, whatsapp_template: true });
export type SubscriptionRow = z.infer<typeof subscriptionRow>;

/** POST /subscription/get/{page}: `{keywords}` → `{page, pages_count, data}`, 10 a page, newest first. */
export const subscriptionPageResponse = z.object({
  status: z.literal(1),
  page: z.number(),
  pages_count: z.number(),
  data: z.array(subscriptionRow),
});
export type SubscriptionPageResponse = z.infer<typeof subscriptionPageResponse>;

export const savedSubscriptionResponse = z.object({
  status: z.literal(1),
  id: z.number(),
  msg: z.string().optional(),
});

/** How far one notification's send has got; `pending` counts those not yet sent nor failed. */
export const notificationProgress = z.object({
  notification_id: z.number(),
  channel_id: z.number(),
  /** sending until every recipient is sent, failed or skipped; then done */
  status: z.enum(['sending', 'done']),
  total: z.number(),
  sent: z.number(),
  failed: z.number(),
  /** recipients who unsubscribed after the send was queued: not sent to */
  skipped: z.number(),
  pending: z.number(),
  type: z.enum(notificationTypes),
  title: z.string(),
  source: z.enum(['console', 'api']),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type NotificationProgress = z.infer<typeof notificationProgress>;

/** One failed recipient of a send and why. */
export const notificationFailure = z.object({
  platform: z.string(),
  sender_id: z.string(),
  error: z.string(),
  at: z.string(),
});

/** GET /subscription/browse/{channel_id}[/{command_id}] */
export const browseSubscriptionResponse = z.object({
  status: z.literal(1),
  data: subscription,
  /** the variables of the channel's command (or of `command_id`): what the audience can be filtered by */
  vars: z.array(z.object({ var_id: z.number(), var_name: z.string() })),
  /** sends still going, oldest first, and the last finished ones (newest first) after them */
  notifications_pending: z.array(notificationProgress),
  /** the last failures of this channel's sends (at most 20) */
  failures: z.array(notificationFailure),
});
export type BrowseSubscriptionResponse = z.infer<typeof browseSubscriptionResponse>;

/** An audience filter: a subscriber matches when, for every entry, its value of that variable is one of `vals`. */
export const audienceFilter = z
  .array(
    z.object({
      sv_variable_name: z.string().trim().min(1).max(190),
      vals: z.array(z.string().max(500)).max(FILTER_VALUES_MAX),
    }),
  )
  .max(50)
  .nullish()
  .transform((filters) => (filters ?? []).filter((filter) => filter.vals.length > 0));
export type AudienceFilter = z.output<typeof audienceFilter>;

const platformField = z
  .enum(notificationPlatforms)
  .nullish()
  .transform((value) => value ?? null);

/** POST /subscription/count_subscribers: `{vars, platform, channel_id}` → `{count, per_circle}`. */
export const countSubscribersRequest = z.object({
  channel_id: idParam,
  vars: audienceFilter,
  platform: platformField,
});
export type CountSubscribersRequest = z.input<typeof countSubscribersRequest>;

export const countSubscribersResponse = z.object({
  status: z.literal(1),
  count: z.number(),
  /** the matching subscribers per platform (web, sub_facebook, whats) */
  per_circle: z.record(z.string(), z.number()),
});
export type CountSubscribersResponse = z.infer<typeof countSubscribersResponse>;

const httpUrl = (message: string) =>
  z
    .string()
    .trim()
    .max(2000, message)
    .refine((value) => /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(value), message);

export const notificationButton = z.object({
  /** the button's label */
  item_label_key: z.string().trim().min(1, subscriptionMessages.buttonInvalid).max(80),
  /** an http(s) address the button opens, or a text sent back as the sender's choice */
  item_value_key: z.string().trim().min(1, subscriptionMessages.buttonInvalid).max(1000),
});

/** Notification data (spec part 2): what is sent, validated as spec part 2 §5 "Notification" says. */
export const notificationData = z
  .object({
    type: z.enum(notificationTypes, { error: subscriptionMessages.typeRequired }),
    title: z
      .string()
      .max(NOTIFICATION_TITLE_MAX)
      .nullish()
      .transform((value) => (value ?? '').trim()),
    subtitle: z
      .string()
      .max(NOTIFICATION_SUBTITLE_MAX)
      .nullish()
      .transform((value) => (value ?? '').trim()),
    media: z
      .string()
      .max(2000)
      .nullish()
      .transform((value) => (value ?? '').trim()),
    buttons: z
      .array(notificationButton)
      .max(NOTIFICATION_BUTTONS_MAX, subscriptionMessages.tooManyButtons)
      .nullish()
      .transform((value) => value ?? []),
    redirect_type: z.enum(redirectTypes, { error: subscriptionMessages.redirectTypeRequired }),
    redirect_link: z
      .string()
      .max(2000)
      .nullish()
      .transform((value) => (value ?? '').trim()),
    platform: platformField,
  })
  .superRefine((data, context) => {
    const fail = (path: string, message: string) =>
      context.addIssue({ code: 'custom', path: [path], message });
    if ((data.type === 'text' || data.type === 'card') && data.title === '')
      fail('title', subscriptionMessages.titleRequiredForType);
    if (data.type !== 'text') {
      if (data.media === '') fail('media', subscriptionMessages.mediaRequired);
      else if (!httpUrl(subscriptionMessages.mediaUrl).safeParse(data.media).success)
        fail('media', subscriptionMessages.mediaUrl);
    }
    if (
      data.redirect_type === 'custom_link' &&
      !httpUrl(subscriptionMessages.redirectLinkUrl).safeParse(data.redirect_link).success
    )
      fail('redirect_link', subscriptionMessages.redirectLinkUrl);
  });
export type NotificationData = z.output<typeof notificationData>;
export type NotificationDataInput = z.input<typeof notificationData>;

/**
 * POST /subscription/send_to_subscribers: `{channel_id, stream_status, data, values, platform, sub_count}` →
 * `{count, notification_id}`. `values` filters the audience (as `vars` does for the count); `platform` beside
 * `data` wins over `data.platform`; `sub_count` is the count the screen showed (required, at least 1).
 */
export const sendToSubscribersRequest = z.object({
  channel_id: idParam,
  /** whether the console follows the send on the event stream; the send is the same either way */
  stream_status: z
    .union([z.boolean(), z.literal(0), z.literal(1)])
    .nullish()
    .transform((value) => value === true || value === 1),
  data: notificationData,
  values: audienceFilter,
  platform: platformField,
  sub_count: numberOrDigits(
    z
      .number({ error: subscriptionMessages.subCountRequired })
      .int()
      .min(1, subscriptionMessages.subCountRequired),
  ),
});
export type SendToSubscribersRequest = z.input<typeof sendToSubscribersRequest>;

/** POST /send_to_subscribers_from_api: the same notification from the owner's system, by the channel's key. */
export const sendFromApiRequest = z.object({
  api_key: z
    .string({ error: subscriptionMessages.apiKeyInvalid })
    .trim()
    .min(1, subscriptionMessages.apiKeyInvalid)
    .max(200),
  data: notificationData,
  values: audienceFilter,
  platform: platformField,
});
export type SendFromApiRequest = z.input<typeof sendFromApiRequest>;

export const sendToSubscribersResponse = z.object({
  status: z.literal(1),
  /** the recipients the send was queued for */
  count: z.number(),
  notification_id: z.number(),
});
export type SendToSubscribersResponse = z.infer<typeof sendToSubscribersResponse>;

/** POST /subscription/regenerate_key/{id}: a new api_key; the old one stops working at once. */
export const regeneratedKeyResponse = okWith(z.object({ api_key: z.string() }));

/** The `notification_sent` event of GET /stream_fetch/subscription/{channel_id}: the progress of one send. */
export const NOTIFICATION_SENT_EVENT = 'notification_sent';
