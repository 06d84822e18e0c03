/** What the sender is told when a hand-over starts without a response text, and when it ends. */
const CONNECTED: Record<string, string> = {
  en: 'A person from our team will answer you here shortly.',
  ar: 'سيرد عليك أحد أفراد فريقنا هنا قريبًا.',
  de: 'Eine Person aus unserem Team antwortet Ihnen hier in Kürze.',
};
const RELEASED: Record<string, string> = {
  en: 'You are talking to the bot again.',
  ar: 'أنت تتحدث مع البوت مرة أخرى.',
  de: 'Sie sprechen wieder mit dem Bot.',
};

export function connectedText(lang: string | null): string {
  return CONNECTED[lang ?? 'en'] ?? CONNECTED.en ?? '';
}

export function releasedText(lang: string | null): string {
  return RELEASED[lang ?? 'en'] ?? RELEASED.en ?? '';
}
