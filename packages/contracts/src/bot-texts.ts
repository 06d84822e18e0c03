import { z } from 'zod';
import { type BotLanguage, botLanguages } from './localized-text.ts';

/**
 * The words Hiwar says itself — the cart's, the checkout's, a receipt's labels, a hand-over's, subscriptions', a
 * question's end — with their Arabic, English and German defaults. The runtime says each in the
 * sender's language; the owner may put their own wording for any of them in the chatbot settings
 * (`chatbot_texts`, `{ key: { en, ar, de } }`), keeping the `{placeholders}` the text names.
 */

export const botTextGroups = ['cart', 'checkout', 'receipt', 'support', 'questions', 'buttons'] as const;
export type BotTextGroup = (typeof botTextGroups)[number];

interface BotTextDefinition {
  group: BotTextGroup;
  /** the values the text may name as `{name}` */
  placeholders: readonly string[];
  defaults: Record<BotLanguage, string>;
}

const define = (
  group: BotTextGroup,
  defaults: Record<BotLanguage, string>,
  placeholders: readonly string[] = [],
): BotTextDefinition => ({ group, placeholders, defaults });

export const botTextDefinitions = {
  addToCart: define('cart', { en: 'Add to cart', ar: 'أضف إلى السلة', de: 'In den Warenkorb' }),
  more: define('cart', { en: 'More', ar: 'المزيد', de: 'Mehr' }),
  allItems: define('cart', { en: 'All items', ar: 'كل الأصناف', de: 'Alle Artikel' }),
  added: define(
    'cart',
    {
      en: '{title} × {quantity} is in your cart.',
      ar: '{title} × {quantity} في سلتك.',
      de: '{title} × {quantity} ist in Ihrem Warenkorb.',
    },
    ['title', 'quantity'],
  ),
  removed: define(
    'cart',
    {
      en: '{title} is no longer in your cart.',
      ar: 'لم يعد {title} في سلتك.',
      de: '{title} ist nicht mehr in Ihrem Warenkorb.',
    },
    ['title'],
  ),
  emptied: define('cart', {
    en: 'Your cart is empty now.',
    ar: 'سلتك فارغة الآن.',
    de: 'Ihr Warenkorb ist jetzt leer.',
  }),
  notInCart: define(
    'cart',
    {
      en: '{title} is not in your cart.',
      ar: '{title} ليس في سلتك.',
      de: '{title} ist nicht in Ihrem Warenkorb.',
    },
    ['title'],
  ),
  emptyCart: define('cart', { en: 'Your cart is empty.', ar: 'سلتك فارغة.', de: 'Ihr Warenkorb ist leer.' }),
  noItem: define(
    'cart',
    {
      en: 'There is no “{title}” on the menu. Which item would you like?',
      ar: 'لا يوجد «{title}» في القائمة. أي صنف تريد؟',
      de: '„{title}“ steht nicht auf der Karte. Welchen Artikel möchten Sie?',
    },
    ['title'],
  ),
  quantityInvalid: define('cart', {
    en: 'The quantity must be a whole number above 0.',
    ar: 'يجب أن تكون الكمية عددًا صحيحًا أكبر من 0.',
    de: 'Die Menge muss eine ganze Zahl größer als 0 sein.',
  }),
  itemUnavailable: define(
    'cart',
    {
      en: '{title} can not be ordered at the moment.',
      ar: 'لا يمكن طلب {title} الآن.',
      de: '{title} kann gerade nicht bestellt werden.',
    },
    ['title'],
  ),
  askName: define('checkout', {
    en: 'To place your order: what is your name?',
    ar: 'لإتمام طلبك: ما اسمك؟',
    de: 'Für Ihre Bestellung: Wie ist Ihr Name?',
  }),
  askPhone: define('checkout', { en: 'Your phone number?', ar: 'رقم هاتفك؟', de: 'Ihre Telefonnummer?' }),
  askAddress: define('checkout', {
    en: 'And the delivery address?',
    ar: 'وعنوان التوصيل؟',
    de: 'Und die Lieferadresse?',
  }),
  sameContact: define(
    'checkout',
    {
      en: 'As last time: {name}, {phone}, {address}.',
      ar: 'كالمرة السابقة: {name}، {phone}، {address}.',
      de: 'Wie beim letzten Mal: {name}, {phone}, {address}.',
    },
    ['name', 'phone', 'address'],
  ),
  missingContact: define(
    'checkout',
    {
      en: 'To take an order this bot needs your {fields}, and it does not ask for them yet.',
      ar: 'لقبول الطلب يحتاج هذا البوت إلى {fields}، ولا يسأل عنها بعد.',
      de: 'Für eine Bestellung braucht dieser Bot Ihre Angaben ({fields}), fragt aber noch nicht danach.',
    },
    ['fields'],
  ),
  ordered: define(
    'checkout',
    {
      en: 'Thank you! Your order {order} is placed.',
      ar: 'شكرًا لك! تم تسجيل طلبك {order}.',
      de: 'Vielen Dank! Ihre Bestellung {order} ist aufgegeben.',
    },
    ['order'],
  ),
  alreadyOrdered: define(
    'checkout',
    {
      en: 'Your order {order} is already placed.',
      ar: 'طلبك {order} مسجل بالفعل.',
      de: 'Ihre Bestellung {order} ist bereits aufgegeben.',
    },
    ['order'],
  ),
  confirmed: define(
    'checkout',
    {
      en: 'Your order {order} is confirmed.',
      ar: 'تم تأكيد طلبك {order}.',
      de: 'Ihre Bestellung {order} ist bestätigt.',
    },
    ['order'],
  ),
  contactName: define('checkout', { en: 'name', ar: 'الاسم', de: 'Name' }),
  contactPhone: define('checkout', { en: 'phone', ar: 'الهاتف', de: 'Telefon' }),
  contactAddress: define('checkout', { en: 'address', ar: 'العنوان', de: 'Adresse' }),
  receiptOrder: define('receipt', { en: 'Order', ar: 'طلب', de: 'Bestellung' }),
  receiptSubtotal: define('receipt', { en: 'Subtotal', ar: 'المجموع الفرعي', de: 'Zwischensumme' }),
  receiptShipping: define('receipt', { en: 'Shipping', ar: 'الشحن', de: 'Versand' }),
  receiptTax: define('receipt', { en: 'Tax', ar: 'الضريبة', de: 'Steuer' }),
  receiptTotal: define('receipt', { en: 'Total', ar: 'الإجمالي', de: 'Gesamt' }),
  receiptPayment: define('receipt', { en: 'Payment', ar: 'الدفع', de: 'Zahlung' }),
  paymentCash: define('receipt', { en: 'cash', ar: 'نقدًا', de: 'bar' }),
  paymentVisa: define('receipt', { en: 'Visa', ar: 'فيزا', de: 'Visa' }),
  handoffConnected: define('support', {
    en: 'A person from our team will answer you here shortly.',
    ar: 'سيرد عليك أحد أفراد فريقنا هنا قريبًا.',
    de: 'Eine Person aus unserem Team antwortet Ihnen hier in Kürze.',
  }),
  handoffReleased: define('support', {
    en: 'You are talking to the bot again.',
    ar: 'أنت تتحدث مع البوت مرة أخرى.',
    de: 'Sie sprechen wieder mit dem Bot.',
  }),
  subscribed: define('support', {
    en: 'You are subscribed. Send "unsubscribe" at any time to stop.',
    ar: 'تم اشتراكك. أرسل «إلغاء الاشتراك» في أي وقت لإيقاف الإشعارات.',
    de: 'Du bist angemeldet. Schreibe jederzeit „abbestellen“, um keine Nachrichten mehr zu bekommen.',
  }),
  unsubscribed: define('support', {
    en: 'You are unsubscribed and will not get any more notifications.',
    ar: 'تم إلغاء اشتراكك ولن تصلك إشعارات بعد الآن.',
    de: 'Du bist abgemeldet und bekommst keine Benachrichtigungen mehr.',
  }),
  questionEnded: define('questions', {
    en: 'OK, I stopped asking. What else can I do for you?',
    ar: 'حسناً، توقفت عن السؤال. كيف يمكنني مساعدتك؟',
    de: 'Gut, ich frage nicht weiter. Wie kann ich Ihnen sonst helfen?',
  }),
  questionGaveUp: define('questions', {
    en: 'Sorry, I could not understand your answer, so I stopped asking.',
    ar: 'عذراً، لم أفهم إجابتك، لذا توقفت عن السؤال.',
    de: 'Entschuldigung, ich habe Ihre Antwort nicht verstanden und frage deshalb nicht weiter.',
  }),
  choosePrompt: define('buttons', { en: 'Choose:', ar: 'اختر:', de: 'Bitte wählen:' }),
  optionsButton: define('buttons', { en: 'Options', ar: 'الخيارات', de: 'Auswahl' }),
  mediaUnread: define('buttons', {
    en: 'I can only read text messages for now.',
    ar: 'أستطيع قراءة الرسائل النصية فقط حالياً.',
    de: 'Ich kann im Moment nur Textnachrichten lesen.',
  }),
} satisfies Record<string, BotTextDefinition>;

export type BotTextKey = keyof typeof botTextDefinitions;
export const botTextKeys = Object.keys(botTextDefinitions) as BotTextKey[];

/** The owner's wording: per text, per language; a text or language left out says the default. */
export type BotTexts = Partial<Record<BotTextKey, Partial<Record<BotLanguage, string>>>>;

export const BOT_TEXT_MAX = 640;

/** The rules' messages (part of `chatbotMessages`, so the console translates them with the chatbot's). */
export const botTextMessages = {
  botTextUnknown: 'There is no built-in text with this name',
  botTextNoPlaceholders: 'This text takes no {placeholders}',
  botTextPlaceholders: 'Use only the {placeholders} this text lists',
} as const;

const PLACEHOLDER = /\{([^{}\s]*)\}/g;

/** The `{names}` a text holds, in order of first appearance. */
export function placeholdersIn(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((match) => match[1] ?? ''))];
}

/** The text with each `{name}` the values hold replaced; any other braces stay as written. */
export function fillBotText(
  template: string,
  values: Readonly<Record<string, string | number>> = {},
): string {
  return template.replace(PLACEHOLDER, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}

/** What the bot says for `key` in `lang`: the owner's wording when they set one, else the default. */
export function botTextOf(texts: BotTexts | null | undefined, key: BotTextKey, lang: BotLanguage): string {
  const own = texts?.[key]?.[lang];
  return own !== undefined && own.trim() !== '' ? own : botTextDefinitions[key].defaults[lang];
}

const versionsSchema = z
  .object({
    ar: z.string().trim().max(BOT_TEXT_MAX).nullish(),
    en: z.string().trim().max(BOT_TEXT_MAX).nullish(),
    de: z.string().trim().max(BOT_TEXT_MAX).nullish(),
  })
  .strict();

/**
 * `chatbot_texts`: only known texts, each version at most 640 characters and naming no `{placeholder}` its text
 * does not have; empty versions and texts are dropped, so `{}` means "every default".
 */
export const botTextsSchema = z
  .record(z.string(), versionsSchema.nullish())
  .nullish()
  .superRefine((value, context) => {
    for (const [key, versions] of Object.entries(value ?? {})) {
      if (!Object.hasOwn(botTextDefinitions, key)) {
        context.addIssue({ code: 'custom', path: [key], message: botTextMessages.botTextUnknown });
        continue;
      }
      const allowed = botTextDefinitions[key as BotTextKey].placeholders;
      for (const language of botLanguages) {
        const unknown = placeholdersIn(versions?.[language] ?? '').filter((name) => !allowed.includes(name));
        if (unknown.length === 0) continue;
        context.addIssue({
          code: 'custom',
          path: [key, language],
          message:
            allowed.length === 0
              ? botTextMessages.botTextNoPlaceholders
              : botTextMessages.botTextPlaceholders,
        });
      }
    }
  })
  .transform((value): BotTexts => {
    const kept: BotTexts = {};
    for (const [key, versions] of Object.entries(value ?? {})) {
      const own: Partial<Record<BotLanguage, string>> = {};
      for (const language of botLanguages) {
        const version = versions?.[language];
        if (typeof version === 'string' && version !== '') own[language] = version;
      }
      if (Object.keys(own).length > 0) kept[key as BotTextKey] = own;
    }
    return kept;
  });

/** Says a built-in text with its values filled in. */
export type BotWords = (key: BotTextKey, values?: Readonly<Record<string, string | number>>) => string;

/** The bot's own words in `lang`, with the owner's wording where they set one. */
export function botWordsOf(texts: BotTexts | null | undefined, lang: BotLanguage): BotWords {
  return (key, values) => fillBotText(botTextOf(texts, key, lang), values);
}

/** A stored language code as one of the bot's languages; English for anything else (none, a placeholder). */
export function botLanguageOf(code: string | null | undefined): BotLanguage {
  return botLanguages.find((language) => language === code) ?? 'en';
}
