import type { Strings } from '../i18n.ts';

/** What a rendered bot message may do: a chosen button or reply is sent back as a postback. */
export interface RenderContext {
  strings: Strings;
  sendPostback(payload: string, label: string): void;
}
