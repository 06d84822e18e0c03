import { SNIPPET_LOCALE_PLACEHOLDER, SNIPPET_SENDER_PLACEHOLDER } from '@hiwar/contracts';

/** A visitor id as the widget makes one: a random positive integer (the server validates it, a cookie keeps it). */
export function randomSenderId(random: () => number = Math.random): number {
  return 1 + Math.floor(random() * 999_999_999);
}

/** The snippet as a page would render it: every SENDER_ID and LOCALE placeholder replaced. */
export function fillSnippet(template: string, senderId: number, locale: string): string {
  return template
    .replaceAll(SNIPPET_SENDER_PLACEHOLDER, String(senderId))
    .replaceAll(SNIPPET_LOCALE_PLACEHOLDER, locale || 'en');
}
