import {
  type BotMessage,
  type BotTexts,
  type Card,
  MAX_CARD_BUTTONS,
  MAX_STATIC_CARDS,
  type ReplyOption,
  type ResponseStruct,
  type responseVias,
} from '@hiwar/contracts';
import type { Lang } from '@hiwar/nlu';
import { interpolate } from '../interpolate.ts';
import { itemPlaceholders, itemText, valueAtPath } from './item-values.ts';
import { renderReceipt } from './render-receipt.ts';

export type ResponseVia = (typeof responseVias)[number];

/** How a list of items becomes messages (spec part 2 §3 "Response struct"). */
export interface ItemsLayout {
  via: ResponseVia;
  /** at most this many items are shown */
  limit: number;
  struct: ResponseStruct;
  /** the text above quick replies; the struct's title default (variables filled in) when empty */
  text?: string;
}

export interface ItemsContext {
  /** `{{name}}` values of the turn; an item's own fields come first */
  values: Readonly<Record<string, string>>;
  /** the language the sender writes in (a receipt's labels) */
  senderLang: Lang;
  /** the owner's wording of Hiwar's own texts (a receipt's labels) */
  botTexts?: BotTexts;
}

const WEB_URL = /^https?:\/\/\S+$/i;
/** media an item may name: an http(s) address or a path on this server (uploaded images) */
const MEDIA_URL = /^(https?:\/\/|\/)\S+$/i;

type Field = 'title' | 'subtitle' | 'media' | 'item_label' | 'item_value';
type KeyAndDefault = { key: string; fallback: string };

/** One message field of an item: the value at `*_key`, else `*_default_value` with `{{…}}` filled in. */
function fieldOf(item: unknown, source: KeyAndDefault, values: Record<string, string>): string {
  if (source.key.trim() !== '') {
    const text = itemText(valueAtPath(item, source.key));
    if (text !== undefined && text !== '') return text;
  }
  return interpolate(source.fallback, values);
}

function structField(struct: ResponseStruct, field: Field): KeyAndDefault {
  return { key: struct[`${field}_key`], fallback: struct[`${field}_default_value`] };
}

/** Reads the struct's fields for one item. */
function itemReader(item: unknown, context: ItemsContext) {
  const values = { ...context.values, ...itemPlaceholders(item) };
  return (source: KeyAndDefault) => fieldOf(item, source, values).trim();
}

function titleOf(item: unknown, struct: ResponseStruct, read: ReturnType<typeof itemReader>): string {
  const title = read(structField(struct, 'title'));
  // a list of plain values (["Cairo", "Giza"]) shows the values themselves
  if (title === '' && (item === null || typeof item !== 'object')) return itemText(item) ?? '';
  return title;
}

function renderTextList(items: unknown[], struct: ResponseStruct, context: ItemsContext): BotMessage[] {
  const lines = items.flatMap((item) => {
    const read = itemReader(item, context);
    const title = titleOf(item, struct, read);
    const subtitle = read(structField(struct, 'subtitle'));
    const line = [title, subtitle].filter((part) => part !== '').join(' — ');
    return line === '' ? [] : [line];
  });
  return lines.length > 0 ? [{ type: 'text', text: lines.join('\n') }] : [];
}

function renderQuickReplies(items: unknown[], layout: ItemsLayout, context: ItemsContext): BotMessage[] {
  const replies: ReplyOption[] = items.flatMap((item) => {
    const read = itemReader(item, context);
    const label = read(structField(layout.struct, 'item_label')) || titleOf(item, layout.struct, read);
    if (label === '') return [];
    return [{ label, payload: read(structField(layout.struct, 'item_value')) || label }];
  });
  if (replies.length === 0) return [];
  const text = layout.text?.trim() || interpolate(layout.struct.title_default_value, context.values).trim();
  return [{ type: 'quick_replies', text, replies }];
}

function cardOf(item: unknown, struct: ResponseStruct, context: ItemsContext): Card | null {
  const read = itemReader(item, context);
  const title = titleOf(item, struct, read);
  const subtitle = read(structField(struct, 'subtitle'));
  const media = read(structField(struct, 'media'));
  if (title === '' && subtitle === '' && media === '') return null;
  const buttons = struct.buttons.flatMap((button) => {
    const label = read({ key: button.item_label_key, fallback: button.item_label_default_value });
    const value = read({ key: button.item_value_key, fallback: button.item_value_default_value }) || label;
    if (label === '') return [];
    return [{ label, type: WEB_URL.test(value) ? ('url' as const) : ('postback' as const), value }];
  });
  return {
    title,
    subtitle,
    media: MEDIA_URL.test(media) ? media : '',
    buttons: buttons.slice(0, MAX_CARD_BUTTONS),
  };
}

function renderCards(items: unknown[], struct: ResponseStruct, context: ItemsContext): BotMessage[] {
  const cards = items.map((item) => cardOf(item, struct, context)).filter((card) => card !== null);
  const messages: BotMessage[] = [];
  for (let start = 0; start < cards.length; start += MAX_STATIC_CARDS) {
    messages.push({ type: 'cards', cards: cards.slice(start, start + MAX_STATIC_CARDS) });
  }
  return messages;
}

function renderMedia(
  items: unknown[],
  type: 'image' | 'video',
  struct: ResponseStruct,
  context: ItemsContext,
): BotMessage[] {
  return items.flatMap((item) => {
    const url = itemReader(item, context)(structField(struct, 'media'));
    return MEDIA_URL.test(url) ? [{ type, url }] : [];
  });
}

/**
 * Items (JSON objects, dataset records, SQL rows) as messages `via` text (the titles, one a line, with their
 * subtitles), quick replies, cards (5 a message, 3 buttons each), videos, images or a receipt. Each field is the
 * value at its `*_key` (a dotted path), else its `*_default_value` with `{{…}}` from the item's fields and the
 * turn's values. [] when no item gives anything to show.
 */
export function renderItems(
  items: readonly unknown[],
  layout: ItemsLayout,
  context: ItemsContext,
): BotMessage[] {
  const shown = items.slice(0, Math.max(1, Math.floor(layout.limit)));
  if (shown.length === 0) return [];
  switch (layout.via) {
    case 'text':
      return renderTextList(shown, layout.struct, context);
    case 'quick_rep':
      return renderQuickReplies(shown, layout, context);
    case 'card':
      return renderCards(shown, layout.struct, context);
    case 'video':
      return renderMedia(shown, 'video', layout.struct, context);
    case 'Image':
      return renderMedia(shown, 'image', layout.struct, context);
    case 'receipt':
      return renderReceipt(shown, layout.struct.receipt ?? {}, context);
  }
}
