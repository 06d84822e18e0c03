export type Language = 'en' | 'ar';

const english = {
  chat: 'Chat',
  inputPlaceholder: 'Type a message…',
  send: 'Send',
  menu: 'Menu',
  back: 'Back',
  close: 'Close chat',
  open: 'Open chat',
  speak: 'Speak',
  listening: 'Listening…',
  recording: 'Recording… tap the mic to send',
  transcribing: 'Writing down what you said…',
  speechFailed: 'Your voice could not be heard, please type your message',
  reconnecting: 'Reconnecting…',
  notSent: 'Not sent',
  sending: 'Sending…',
  openMap: 'Open in map',
  advert: 'Advertisement',
  video: 'Open the video',
  loadFailed: 'The chat could not be loaded',
  /** the number locale of receipts' amounts (with Western digits) */
  locale: 'en',
  receipt: 'Receipt',
  subtotal: 'Subtotal',
  tax: 'Tax',
  shipping: 'Shipping',
  total: 'Total',
  payment: 'Payment',
  cash: 'Cash',
  visa: 'Visa',
};

export type Strings = typeof english;

const arabic: Strings = {
  chat: 'المحادثة',
  inputPlaceholder: 'اكتب رسالة…',
  send: 'إرسال',
  menu: 'القائمة',
  back: 'رجوع',
  close: 'إغلاق المحادثة',
  open: 'افتح المحادثة',
  speak: 'تحدث',
  listening: 'جارٍ الاستماع…',
  recording: 'جارٍ التسجيل… اضغط للإرسال',
  transcribing: 'جارٍ كتابة ما قلته…',
  speechFailed: 'تعذر سماع صوتك، يرجى كتابة رسالتك',
  reconnecting: 'جارٍ إعادة الاتصال…',
  notSent: 'لم تُرسل',
  sending: 'جارٍ الإرسال…',
  openMap: 'افتح في الخريطة',
  advert: 'إعلان',
  video: 'افتح الفيديو',
  loadFailed: 'تعذر تحميل المحادثة',
  locale: 'ar',
  receipt: 'الفاتورة',
  subtotal: 'المجموع الفرعي',
  tax: 'الضريبة',
  shipping: 'الشحن',
  total: 'الإجمالي',
  payment: 'طريقة الدفع',
  cash: 'نقدًا',
  visa: 'فيزا',
};

export const strings: Record<Language, Strings> = { en: english, ar: arabic };

/**
 * The page's locale (`ar`, `ar_EG`, `en-US`…) when it names a supported language, else the chatbot's default.
 * The snippet's literal LOCALE placeholder (a page that did not replace it) names nothing.
 */
export function chooseLanguage(locale: string | null | undefined, defaultLanguage: Language): Language {
  const prefix = (locale ?? '').trim().slice(0, 2).toLowerCase();
  if (prefix === 'ar' || prefix === 'en') return prefix;
  return defaultLanguage;
}

/**
 * The welcome message for the page's language (the `locale`'s, which may be German though the messenger's
 * own words are English), else its words' language: the owner's version in it, the plain message when that
 * is the bot's default language or no version fits.
 */
export function welcomeText(
  settings: {
    welcome_msg: string;
    default_lang: string;
    welcome_msg_langs?: Partial<Record<string, string>>;
  },
  locale: string | null | undefined,
  language: Language,
): string {
  const versions = settings.welcome_msg_langs ?? {};
  const prefix = (locale ?? '').trim().slice(0, 2).toLowerCase();
  for (const wanted of [prefix, language]) {
    if (wanted === settings.default_lang && settings.welcome_msg.trim() !== '') return settings.welcome_msg;
    const version = versions[wanted];
    if (version) return version;
  }
  return settings.welcome_msg;
}

export function directionOf(language: Language): 'rtl' | 'ltr' {
  return language === 'ar' ? 'rtl' : 'ltr';
}

/** Sets lang and dir on the document, so the browser lays the whole messenger out in the reading direction. */
export function applyLanguage(document: Document, language: Language): void {
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language);
}
