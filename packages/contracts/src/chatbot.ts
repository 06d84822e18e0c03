import { z } from 'zod';
import { botTextMessages, botTextsSchema } from './bot-texts.ts';
import { botLanguages, hasAnyText, localizedTexts } from './localized-text.ts';
import { idParam, numberOrDigits } from './numeric-input.ts';
import { statusFlag } from './service.ts';
import { WHATSAPP_TEMPLATE_LANGUAGE, WHATSAPP_TEMPLATE_NAME } from './whatsapp-template.ts';

/** The chatbot settings (spec part 1 §2 "Chatbot settings", §3, §5, §9): one record per owner. */

export const chatbotMessages = {
  nameRequired: 'The chatbot name field is required',
  fallbackMsgRequired: 'The fallback message field is required',
  fallbackOptionsRequired: 'Please add at least one fallback option',
  fallbackCommandRequired: 'Please choose the fallback command',
  fallbackCommandNotFound: 'The fallback command was not found',
  optionLabelRequired: 'The option label field is required',
  optionValueRequired: 'The option value field is required',
  optionLabelTaken: 'The option label is already in use',
  startLabelRequired: 'The start button label field is required',
  startPostbackRequired: 'The start button postback field is required',
  pageNameRequired: 'The page name field is required',
  verifyTokenRequired: 'The verify token field is required',
  botTokenRequired: 'The bot token field is required',
  chatapiUrlRequired: 'The chatapi url field is required',
  chatapiUrlInvalid: 'The chatapi url is not a valid url',
  orderTemplateInvalid:
    'The template name is the one WhatsApp approved: lower-case letters, digits and underscores',
  orderTemplateLangInvalid: 'The template language is a WhatsApp language code such as en_US, ar or de',
  voiceLangRequired: 'The voice language field is required',
  voiceTypeRequired: 'Please choose an available speech service',
  voiceCredentialsJson: 'The voice credentials must be valid JSON',
  colorInvalid: 'The main colour must be a hex colour such as #4066BF',
  imageUrlInvalid: 'The image address is not a valid url',
  widthMin: 'The width must be at least 330',
  heightRange: 'The height must be between 400 and 700',
  menuTitleRequired: 'The title field is required',
  menuUrlInvalid: 'the url field is not a valid url',
  menuPayloadRequired: 'the postback field is required',
  menuChildrenRequired: 'A nested item needs at least one child',
  menuNestedTooDeep: 'The menu may have at most 3 levels',
  menuLevelOneLimit: 'The first level may have at most 8 items',
  menuNestedLevelLimit: 'A nested level may have at most 2 items',
  saved: 'successfully updated',
  ...botTextMessages,
  saveFailed: 'something not right',
  identityOn: 'Identity verification is on. Copy the secret now: it is shown only once',
  identityOff: 'Identity verification is off',
} as const;

export const fallbackTypes = ['text', 'options', 'cmd'] as const;
export const parserLanguages = botLanguages;
export const parserKinds = ['default', 'embedding'] as const;
export const messengerLanguages = ['en', 'ar'] as const;
export const voiceTypes = ['UNKNOWN', 'google', 'microsoft', 'openai'] as const;
/**
 * Google Cloud Speech (spec §9) and an OpenAI-compatible transcription server (OpenAI, a self-hosted Whisper);
 * Microsoft shows but is disabled.
 */
export const availableVoiceTypes = ['google', 'openai'] as const;
export const voiceLanguages = ['ar-EG', 'en-US'] as const;
export const menuItemTypes = ['nested', 'postback', 'web_url'] as const;
export const webviewHeightRatios = ['compact', 'tall', 'full'] as const;
export const menuLocales = ['default', 'en_US'] as const;

export const MENU_MAX_DEPTH = 3;
/** Items allowed on levels 1, 2 and 3 of the persistent menu. */
export const MENU_ITEMS_PER_LEVEL = [8, 2, 2] as const;
export const MESSENGER_WIDTH_MIN = 330;
export const MESSENGER_WIDTH_MAX = 1200;
export const MESSENGER_HEIGHT_MIN = 400;
export const MESSENGER_HEIGHT_MAX = 700;
/** The placeholders of the iframe and embed snippets, replaced by the page that embeds the widget. */
export const SNIPPET_SENDER_PLACEHOLDER = 'SENDER_ID';
export const SNIPPET_LOCALE_PLACEHOLDER = 'LOCALE';

const text = (max = 5000) =>
  z
    .string()
    .max(max)
    .nullish()
    .transform((value) => value ?? '');
const flag = statusFlag.nullish().transform((value): 0 | 1 => value ?? 0);
const looseBoolean = z
  .union([z.boolean(), z.literal(0), z.literal(1)])
  .nullish()
  .transform((value) => value === true || value === 1);

const WEB_URL =
  /^https?:\/\/(localhost|[\p{L}\p{N}-]+(\.[\p{L}\p{N}-]+)+|\[[0-9a-f:]+\])(:\d{1,5})?([/?#]\S*)?$/iu;

/** An absolute http(s) address with a host; the rule behind "the url field is not a valid url". */
export function isWebUrl(value: string): boolean {
  return WEB_URL.test(value.trim());
}

const optionalWebUrl = text(2000).refine((value) => value === '' || isWebUrl(value), {
  error: chatbotMessages.imageUrlInvalid,
});

function isJsonText(value: string): boolean {
  try {
    JSON.parse(value);
    return true;
  } catch {
    return false;
  }
}

export const fallbackOption = z.object({
  label: text(500),
  label_langs: localizedTexts(500),
  val: text(500),
});
export type FallbackOption = z.output<typeof fallbackOption>;

export interface MenuItem {
  title: string;
  type: (typeof menuItemTypes)[number];
  emoji: string;
  payload: string;
  url: string;
  webview_height_ratio: (typeof webviewHeightRatios)[number];
  call_to_actions: MenuItem[];
}

function checkMenuItem(item: MenuItem, level: number, context: z.RefinementCtx) {
  const fail = (path: string, message: string) => context.addIssue({ code: 'custom', path: [path], message });
  if (item.title.trim() === '') fail('title', chatbotMessages.menuTitleRequired);
  if (item.type === 'postback' && item.payload.trim() === '')
    fail('payload', chatbotMessages.menuPayloadRequired);
  if (item.type === 'web_url' && !isWebUrl(item.url)) fail('url', chatbotMessages.menuUrlInvalid);
  if (level >= MENU_MAX_DEPTH && (item.type === 'nested' || item.call_to_actions.length > 0)) {
    fail('type', chatbotMessages.menuNestedTooDeep);
  } else if (item.type === 'nested' && item.call_to_actions.length === 0) {
    fail('call_to_actions', chatbotMessages.menuChildrenRequired);
  }
}

const menuItemFields = {
  title: text(30 * 4),
  type: z.enum(menuItemTypes).default('postback'),
  emoji: text(32),
  payload: text(1000),
  url: text(2000),
  webview_height_ratio: z.enum(webviewHeightRatios).default('full'),
};

/**
 * The item schema of one level, built without recursion (so a deeply nested body cannot exhaust the stack):
 * below the last level, children are refused outright.
 */
function menuLevel(level: number): z.ZodType<MenuItem[], unknown> {
  const limit = MENU_ITEMS_PER_LEVEL[level - 1] ?? 0;
  const limitMessage = level === 1 ? chatbotMessages.menuLevelOneLimit : chatbotMessages.menuNestedLevelLimit;
  // below the last level children are only counted (and refused by checkMenuItem), never parsed
  const children = level < MENU_MAX_DEPTH ? menuLevel(level + 1) : z.array(z.unknown()).nullish();
  const item = z
    .object({ ...menuItemFields, call_to_actions: children.transform((value) => value ?? []) })
    .superRefine((value, context) => checkMenuItem(value as MenuItem, level, context), {
      when: (payload) => payload.issues.every((issue) => issue.path?.[0] === 'call_to_actions'),
    });
  // a length check rather than .max(): .max() stops at the array and would hide the other errors of the form
  return z
    .array(item)
    .superRefine(
      (items, context) => {
        if (items.length > limit) context.addIssue({ code: 'custom', message: limitMessage });
      },
      { when: (payload) => Array.isArray(payload.value) },
    )
    .nullish()
    .transform((value) => value ?? []) as z.ZodType<MenuItem[], unknown>;
}

export const persistentMenu = z.object({
  locale: z.enum(menuLocales).default('default'),
  composer_input_disabled: looseBoolean,
  call_to_actions: menuLevel(1),
});
export type PersistentMenu = z.output<typeof persistentMenu>;

const appStatus = { chatbot_app_status: flag };

export const facebookPage = z.object({
  ...appStatus,
  chatbot_app_credentials: z.object({
    name: text(190),
    verify_token: text(500),
    page_id: text(100),
    access_token: text(1000),
  }),
});
export const telegramApp = z.object({
  ...appStatus,
  chatbot_app_credentials: z.object({ verify_token: text(500), token: text(500) }),
});
export const whatsappApp = z.object({
  ...appStatus,
  chatbot_app_credentials: z.object({
    verify_token: text(500),
    chatapi_url: text(2000),
    token: text(500),
    /**
     * the approved template an order confirmation goes as to a customer who has not written in 24 hours, its
     * body's {{1}} the order number; '' for none
     */
    order_template: text(512),
    order_template_lang: text(20),
  }),
});
/** Google Chat: the verification token and the service-account JSON used to post messages. */
export const hangoutsApp = z.object({
  ...appStatus,
  chatbot_app_credentials: z.object({ verify_token: text(500), credentials: text(20_000) }),
});

export const chatbotApps = z.object({
  facebook: z
    .array(facebookPage)
    .max(50)
    .nullish()
    .transform((value) => value ?? []),
  telegram: telegramApp,
  whatsapp: whatsappApp,
  hangouts: hangoutsApp,
});
export type ChatbotApps = z.output<typeof chatbotApps>;
export type ChannelName = 'facebook' | 'telegram' | 'whatsapp' | 'hangouts';

export const voiceSettings = z.object({
  status: flag,
  type: z.enum(voiceTypes).default('UNKNOWN'),
  lang: z.enum(voiceLanguages, { error: chatbotMessages.voiceLangRequired }),
  credentials: text(20_000),
});

const dimension = (fallback: number) =>
  z.preprocess(
    (value) => (value === '' || value === null || value === undefined ? fallback : value),
    numberOrDigits(z.number().int()),
  );

/** The editable messenger settings; iframe_tag, embed_code and whatsapp_web_hook are generated by the server. */
export const messengerSettings = z.object({
  default_lang: z.enum(messengerLanguages).default('en'),
  welcome_msg: text(1000),
  /** welcome_msg in the bot's other languages (localized-text.ts); welcome_msg is in default_lang */
  welcome_msg_langs: localizedTexts(1000),
  logo: optionalWebUrl,
  avatar: optionalWebUrl,
  main_color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, chatbotMessages.colorInvalid)
    .default('#4066BF'),
  width: dimension(380).pipe(
    z.number().min(MESSENGER_WIDTH_MIN, chatbotMessages.widthMin).max(MESSENGER_WIDTH_MAX),
  ),
  height: dimension(600).pipe(
    z
      .number()
      .min(MESSENGER_HEIGHT_MIN, chatbotMessages.heightRange)
      .max(MESSENGER_HEIGHT_MAX, chatbotMessages.heightRange),
  ),
  header_injector: text(20_000),
  voice: voiceSettings,
});

const chatbotFields = z.object({
  chatbot_name: z
    .string({ error: chatbotMessages.nameRequired })
    .trim()
    .min(1, chatbotMessages.nameRequired)
    .max(190),
  chatbot_description: text(),
  chatbot_fallback_type: z.enum(fallbackTypes).default('text'),
  chatbot_fallback_msg: text(),
  chatbot_fallback_msg_langs: localizedTexts(5000),
  chatbot_fallback_options: z
    .array(fallbackOption)
    .max(50)
    .nullish()
    .transform((value) => value ?? []),
  chatbot_fallback_command_id: z.preprocess(
    (value) => (value === '' || value === 0 || value === '0' || value === undefined ? null : value),
    idParam.nullable(),
  ),
  /**
   * The owner's words that end a question the bot is asking, besides the built-in ones of each language
   * ("cancel", "إلغاء", "abbrechen"…)
   */
  chatbot_exit_words: z
    .array(z.string().trim().min(1).max(100))
    .max(50)
    .nullish()
    .transform((value) => value ?? []),
  /** the owner's wording of the texts Hiwar says itself, per language (bot-texts.ts) */
  chatbot_texts: botTextsSchema,
  chatbot_start_button_status: flag,
  chatbot_start_button_label: text(100),
  chatbot_start_button_postback: text(1000),
  chatbot_parser: z.object({
    ar: z.enum(parserKinds).default('default'),
    en: z.enum(parserKinds).default('default'),
    de: z.enum(parserKinds).default('default'),
  }),
  chatbot_persistent_menus: z
    .array(persistentMenu)
    .max(menuLocales.length)
    .nullish()
    .transform((value) => value ?? []),
  apps: chatbotApps,
  messenger_settings: messengerSettings,
});

export type ChatbotSettings = z.output<typeof chatbotFields>;

type Fail = (path: PropertyKey[], message: string) => void;

function checkFallback(value: ChatbotSettings, fail: Fail): void {
  const type = value.chatbot_fallback_type;
  if (type !== 'cmd' && !hasAnyText(value.chatbot_fallback_msg, value.chatbot_fallback_msg_langs)) {
    fail(['chatbot_fallback_msg'], chatbotMessages.fallbackMsgRequired);
  }
  if (type === 'options' && value.chatbot_fallback_options.length === 0) {
    fail(['chatbot_fallback_options'], chatbotMessages.fallbackOptionsRequired);
  }
  if (type === 'cmd' && value.chatbot_fallback_command_id === null) {
    fail(['chatbot_fallback_command_id'], chatbotMessages.fallbackCommandRequired);
  }
  const seen = new Set<string>();
  value.chatbot_fallback_options.forEach((option, index) => {
    const at = ['chatbot_fallback_options', index];
    if (option.label.trim() === '') fail([...at, 'label'], chatbotMessages.optionLabelRequired);
    if (option.val.trim() === '') fail([...at, 'val'], chatbotMessages.optionValueRequired);
    if (seen.has(option.label.trim())) fail([...at, 'label'], chatbotMessages.optionLabelTaken);
    seen.add(option.label.trim());
  });
}

function checkStartButton(value: ChatbotSettings, fail: Fail): void {
  if (value.chatbot_start_button_status !== 1) return;
  if (value.chatbot_start_button_label.trim() === '') {
    fail(['chatbot_start_button_label'], chatbotMessages.startLabelRequired);
  }
  if (value.chatbot_start_button_postback.trim() === '') {
    fail(['chatbot_start_button_postback'], chatbotMessages.startPostbackRequired);
  }
}

function checkChannels(apps: ChatbotApps, fail: Fail): void {
  const requireToken = (path: PropertyKey[], verifyToken: string) => {
    if (verifyToken.trim() === '')
      fail([...path, 'chatbot_app_credentials', 'verify_token'], chatbotMessages.verifyTokenRequired);
  };
  apps.facebook.forEach((page, index) => {
    const at = ['apps', 'facebook', index];
    if (page.chatbot_app_credentials.name.trim() === '') {
      fail([...at, 'chatbot_app_credentials', 'name'], chatbotMessages.pageNameRequired);
    }
    if (page.chatbot_app_status === 1) requireToken(at, page.chatbot_app_credentials.verify_token);
  });
  for (const channel of ['whatsapp', 'hangouts'] as const) {
    if (apps[channel].chatbot_app_status === 1)
      requireToken(['apps', channel], apps[channel].chatbot_app_credentials.verify_token);
  }
  // Telegram never uses a verify token (its webhook is named by a secret address): it needs its bot token
  const telegram = apps.telegram;
  if (telegram.chatbot_app_status === 1 && telegram.chatbot_app_credentials.token.trim() === '') {
    fail(['apps', 'telegram', 'chatbot_app_credentials', 'token'], chatbotMessages.botTokenRequired);
  }
  const whatsapp = apps.whatsapp;
  if (whatsapp.chatbot_app_status !== 1) return;
  const urlPath = ['apps', 'whatsapp', 'chatbot_app_credentials', 'chatapi_url'];
  const url = whatsapp.chatbot_app_credentials.chatapi_url;
  if (url.trim() === '') fail(urlPath, chatbotMessages.chatapiUrlRequired);
  else if (!isWebUrl(url)) fail(urlPath, chatbotMessages.chatapiUrlInvalid);
  const { order_template: name, order_template_lang: language } = whatsapp.chatbot_app_credentials;
  if (name.trim() === '' && language.trim() === '') return;
  const at = ['apps', 'whatsapp', 'chatbot_app_credentials'];
  if (!WHATSAPP_TEMPLATE_NAME.test(name.trim()))
    fail([...at, 'order_template'], chatbotMessages.orderTemplateInvalid);
  if (!WHATSAPP_TEMPLATE_LANGUAGE.test(language.trim()))
    fail([...at, 'order_template_lang'], chatbotMessages.orderTemplateLangInvalid);
}

function checkVoice(voice: ChatbotSettings['messenger_settings']['voice'], fail: Fail): void {
  const at = ['messenger_settings', 'voice'];
  if (voice.lang === null || voice.lang === undefined)
    fail([...at, 'lang'], chatbotMessages.voiceLangRequired);
  if (voice.credentials.trim() !== '' && !isJsonText(voice.credentials)) {
    fail([...at, 'credentials'], chatbotMessages.voiceCredentialsJson);
  }
  if (voice.status === 1 && !(availableVoiceTypes as readonly string[]).includes(voice.type)) {
    fail([...at, 'type'], chatbotMessages.voiceTypeRequired);
  }
}

/**
 * Whether an invalid field is one the joint rules read: only then are they skipped, so the console can show the
 * joint rules' messages together with, say, a too-small width or a menu error.
 */
function isReadByRules(path: readonly PropertyKey[]): boolean {
  const [top, second] = path.map(String);
  if (top === undefined) return true;
  if (top === 'messenger_settings') return second === undefined || second === 'voice';
  return top === 'apps' || top.startsWith('chatbot_fallback') || top.startsWith('chatbot_start');
}

/** The rules that join several fields (spec part 1 §5 "Chatbot"), reported at the field they concern. */
function checkChatbotRules(value: ChatbotSettings, context: z.RefinementCtx): void {
  const fail: Fail = (path, message) => context.addIssue({ code: 'custom', path, message });
  checkFallback(value, fail);
  checkStartButton(value, fail);
  checkChannels(value.apps, fail);
  checkVoice(value.messenger_settings.voice, fail);
}

/**
 * POST /chatbot/save: the whole record. Server-generated fields (chatbot_id, the snippets, the web hook) may be
 * sent back unchanged; they are ignored.
 */
export const saveChatbotRequest = chatbotFields.superRefine(checkChatbotRules, {
  when: (payload) => payload.issues.every((issue) => !isReadByRules(issue.path ?? [])),
});
export type SaveChatbotRequest = z.input<typeof saveChatbotRequest>;
export type SaveChatbotInput = z.output<typeof saveChatbotRequest>;

/** Just the fallback option rules, for the option modal. */
export const fallbackOptionRequest = fallbackOption.superRefine((option, context) => {
  if (option.label.trim() === '')
    context.addIssue({ code: 'custom', path: ['label'], message: chatbotMessages.optionLabelRequired });
  if (option.val.trim() === '')
    context.addIssue({ code: 'custom', path: ['val'], message: chatbotMessages.optionValueRequired });
});

export interface GeneratedMessengerFields {
  /** `<iframe src="{base}/widget/frame.html?bot={user_token}&sender=SENDER_ID&locale=LOCALE" …>` */
  iframe_tag: string;
  /** `<script src="{base}/widget/embed.js" data-bot="{user_token}" data-locale="LOCALE" async></script>` */
  embed_code: string;
  whatsapp_web_hook: string;
}

/** What GET /chatbot/browse answers as `data`: the settings plus the server's generated fields. */
export type ChatbotRecord = Omit<SaveChatbotInput, 'messenger_settings'> & {
  chatbot_id: number;
  messenger_settings: SaveChatbotInput['messenger_settings'] & GeneratedMessengerFields;
};

export interface ChatbotBrowseResponse {
  status: 1;
  data: ChatbotRecord;
  /** the owner's user id (used by the Facebook authorisation popup) */
  chatbot_user_id: number;
  /** the chatbot's public token, used by the widget and the webhooks; not a login token */
  user_token: string;
}

export const chatbotBreadcrumbResponse = z.object({
  status: z.literal(1),
  data: z.object({ name: z.string() }),
});

/** The record a new chatbot starts with (spec §3 and §9 defaults). */
export function defaultChatbotSettings(): SaveChatbotInput {
  const credentials = { verify_token: '', token: '' };
  return {
    chatbot_name: 'My chatbot',
    chatbot_description: '',
    chatbot_fallback_type: 'text',
    chatbot_fallback_msg: "Sorry, I didn't understand that.",
    chatbot_fallback_options: [],
    chatbot_fallback_command_id: null,
    chatbot_exit_words: [],
    chatbot_texts: {},
    chatbot_start_button_status: 0,
    chatbot_start_button_label: 'ابدأ',
    chatbot_start_button_postback: 'مساعدة',
    chatbot_parser: { ar: 'default', en: 'default', de: 'default' },
    chatbot_persistent_menus: [{ locale: 'default', composer_input_disabled: false, call_to_actions: [] }],
    apps: {
      facebook: [],
      telegram: { chatbot_app_status: 0, chatbot_app_credentials: { ...credentials } },
      whatsapp: {
        chatbot_app_status: 0,
        chatbot_app_credentials: {
          ...credentials,
          chatapi_url: '',
          order_template: '',
          order_template_lang: '',
        },
      },
      hangouts: { chatbot_app_status: 0, chatbot_app_credentials: { verify_token: '', credentials: '' } },
    },
    messenger_settings: {
      default_lang: 'en',
      welcome_msg: '',
      logo: '',
      avatar: '',
      main_color: '#4066BF',
      width: 380,
      height: 600,
      header_injector: '',
      voice: { status: 0, type: 'UNKNOWN', lang: 'ar-EG', credentials: '' },
    },
  };
}

/** A channel's connection as the platform last answered it: the chatbot screen's status badges. */
export const channelConnection = z.object({
  status: z.enum(['active', 'inactive', 'pending', 'banned']),
  /** why it is not active (a refused token…), '' when it is */
  reason: z.string(),
  /** the platform's name for the bot (Telegram @username), '' when unknown */
  account: z.string(),
  updated_at: z.string(),
});
export type ChannelConnection = z.infer<typeof channelConnection>;

/** GET /chatbot/channels_status: the connections known, by channel name (a channel never connected is absent). */
export const channelsStatusResponse = z.object({
  status: z.literal(1),
  data: z.record(z.string(), channelConnection),
});
export type ChannelsStatusResponse = z.infer<typeof channelsStatusResponse>;

/**
 * GET/POST /chatbot/identity_verification: the web messenger's identity verification. Turning it on (again)
 * draws a new secret, answered once and stored sealed; turning it off forgets the secret.
 */
export const identityVerificationRequest = z.object({ status: statusFlag });
export const identityVerificationResponse = z.object({
  status: z.literal(1),
  msg: z.string().optional(),
  data: z.object({
    status: z.union([z.literal(0), z.literal(1)]),
    /** only in the answer that turned it on */
    secret: z.string().optional(),
  }),
});
export type IdentityVerification = z.infer<typeof identityVerificationResponse>['data'];
