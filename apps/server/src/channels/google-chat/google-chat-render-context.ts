import { type BotLanguage, type BotTexts, botTextOf } from '@hiwar/contracts';
import { isWebAddress } from '../channel-text.ts';

/** Google Chat's limits: a message's text (characters), widgets in one card. */
export const MAX_TEXT_LENGTH = 4096;
export const MAX_CARD_WIDGETS = 100;
/** A button's text: Google shows about this much; longer labels are cut. */
export const MAX_BUTTON_TEXT_LENGTH = 40;
/** The function a postback button names; its `payload` parameter carries the payload's short key. */
export const POSTBACK_FUNCTION = 'postback';

export type ChatButton = {
  text: string;
  onClick:
    | { openLink: { url: string } }
    | { action: { function: string; parameters: { key: string; value: string }[] } };
};

export type ChatWidget =
  | { textParagraph: { text: string } }
  | { image: { imageUrl: string; altText?: string } }
  | { buttonList: { buttons: ChatButton[] } };

export interface ChatCard {
  cardId: string;
  card: {
    header?: { title: string; subtitle?: string; imageUrl?: string };
    sections: { widgets: ChatWidget[] }[];
  };
}

/** The body of one `spaces.messages.create`: a text, cards, or both. */
export interface ChatMessageBody {
  text?: string;
  cardsV2?: ChatCard[];
}

export interface GoogleChatRenderOptions {
  /** maps a postback payload of any length to the short key a button carries (and remembers the mapping) */
  payloadKey(payload: string): string;
  /** the language of the replies, for Hiwar's own words among them (English unless told) */
  lang?: BotLanguage;
  /** the owner's wording of Hiwar's own texts (the "Choose:" above buttons) */
  texts?: BotTexts;
}

/** A text to send when buttons need one and the bot gave none. */
export function choosePrompt(context: Pick<GoogleChatRenderOptions, 'lang' | 'texts'>): string {
  return botTextOf(context.texts, 'choosePrompt', context.lang ?? 'en');
}

/** What a renderer adds to: the messages in send order and notes of what could not be shown as-is. */
export interface RenderOutput {
  messages: ChatMessageBody[];
  degraded: string[];
}

export interface RenderContext extends GoogleChatRenderOptions {
  out: RenderOutput;
}

export function addMessage(context: RenderContext, body: ChatMessageBody): void {
  context.out.messages.push(body);
}

export function noteDegraded(context: RenderContext, note: string): void {
  context.out.degraded.push(note);
}

/** A card id unique in the turn's replies (Google asks one per card in a message). */
export function nextCardId(context: RenderContext): string {
  const cards = context.out.messages.reduce((count, message) => count + (message.cardsV2?.length ?? 0), 0);
  return `card-${cards + 1}`;
}

/** The absolute http(s) address Google can fetch for a media value, or null. */
export function mediaAddress(value: string): string | null {
  const trimmed = value.trim();
  return isWebAddress(trimmed) ? trimmed : null;
}

/** A button that sends a postback back to the bot: the payload travels as its short key. */
export function postbackButton(text: string, payload: string, context: RenderContext): ChatButton {
  return {
    text,
    onClick: {
      action: {
        function: POSTBACK_FUNCTION,
        parameters: [{ key: 'payload', value: context.payloadKey(payload) }],
      },
    },
  };
}
