import type { SenderIdentity } from '../frame/api-client.ts';
import { chooseLanguage, type Language } from '../frame/i18n.ts';

export interface EmbedSettings {
  width: number;
  height: number;
  main_color: string;
  default_lang: Language;
}

/** Spec §9 defaults, used until (or if) the settings cannot be fetched. */
export const DEFAULT_EMBED_SETTINGS: EmbedSettings = {
  width: 380,
  height: 600,
  main_color: '#4066BF',
  default_lang: 'en',
};

export const LAUNCHER_SIZE = 56;
export const EDGE_GAP = 20;
const FRAME_GAP = 12;

export interface Placement {
  language: Language;
  side: 'left' | 'right';
  width: number;
  height: number;
  /** distance of the frame from the bottom of the viewport: above the launcher */
  frameBottom: number;
}

/**
 * Where the messenger goes: bottom-right, bottom-left for a right-to-left language; the owner's size, shrunk
 * to fit a small viewport (a phone) with the launcher below it.
 */
export function placeMessenger(
  settings: EmbedSettings,
  locale: string | undefined,
  viewport: { width: number; height: number },
): Placement {
  const language = chooseLanguage(locale, settings.default_lang);
  const frameBottom = EDGE_GAP + LAUNCHER_SIZE + FRAME_GAP;
  return {
    language,
    side: language === 'ar' ? 'left' : 'right',
    width: Math.max(0, Math.min(settings.width, viewport.width - 2 * EDGE_GAP)),
    height: Math.max(0, Math.min(settings.height, viewport.height - frameBottom - EDGE_GAP)),
    frameBottom,
  };
}

/** frame.html on the Hiwar origin, beside embed.js, for this bot, locale and (when the page kept one) sender. */
export function frameUrl(
  embedSrc: string,
  bot: string,
  locale: string | undefined,
  sender?: SenderIdentity | null,
): string {
  const url = new URL('frame.html', embedSrc);
  url.searchParams.set('bot', bot);
  if (locale) url.searchParams.set('locale', locale);
  if (sender) url.searchParams.set('sender', String(sender.id));
  if (sender?.hash) url.searchParams.set('sender_hash', sender.hash);
  url.searchParams.set('embed', '1');
  return url.href;
}

export function settingsUrl(embedSrc: string, bot: string): string {
  return new URL(`api/${encodeURIComponent(bot)}/settings`, embedSrc).href;
}
