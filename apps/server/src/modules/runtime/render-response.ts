import {
  type BotMessage,
  type Card,
  type CommandResponseRecord,
  commandPayload,
  MAX_CARD_BUTTONS,
  MAX_LOCATIONS,
  MAX_STATIC_CARDS,
  type ReplyOption,
  type ResponseStruct,
} from '@hiwar/contracts';
import { interpolate } from './interpolate.ts';

/** The response types the runtime answers itself; the others answer the command's fallback message. */
export const RENDERED_RESPONSE_TYPES = new Set(['text', 'static_cards', 'quick_rep', 'location']);

const IMAGE_URL = /^https?:\/\/\S+\.(png|jpe?g|gif|webp|svg)(\?\S*)?$/i;
const VIDEO_URL = /^https?:\/\/\S+\.(mp4|webm|ogv|ogg|mov)(\?\S*)?$/i;
const WEB_URL = /^https?:\/\/\S+$/i;

/**
 * A text answer that is nothing but the address of an image or a video is that media (the response record has
 * no separate media field: the template's Media tab stores the address as the text).
 */
function textOrMedia(text: string): BotMessage {
  const trimmed = text.trim();
  if (IMAGE_URL.test(trimmed)) return { type: 'image', url: trimmed };
  if (VIDEO_URL.test(trimmed)) return { type: 'video', url: trimmed };
  return { type: 'text', text };
}

function quickReplyOptions(response: CommandResponseRecord, values: Record<string, string>): ReplyOption[] {
  return response.resp_quick_reply.map((reply) => ({
    label: interpolate(reply.label, values),
    payload:
      reply.command_id !== null
        ? commandPayload(reply.command_id)
        : interpolate(reply.value === '' ? reply.label : reply.value, values),
  }));
}

function cardOf(struct: ResponseStruct, values: Record<string, string>): Card {
  const fill = (text: string) => interpolate(text, values);
  return {
    title: fill(struct.title_default_value),
    subtitle: fill(struct.subtitle_default_value),
    media: fill(struct.media_default_value),
    buttons: struct.buttons.slice(0, MAX_CARD_BUTTONS).map((button) => {
      const value = fill(button.item_value_default_value);
      return {
        label: fill(button.item_label_default_value),
        type: WEB_URL.test(value.trim()) ? ('url' as const) : ('postback' as const),
        value,
      };
    }),
  };
}

function renderText(response: CommandResponseRecord, values: Record<string, string>): BotMessage[] {
  const text = interpolate(response.resp_text, values);
  if (text.trim() === '') return [];
  const replies = quickReplyOptions(response, values);
  return replies.length > 0 ? [{ type: 'quick_replies', text, replies }] : [textOrMedia(text)];
}

function renderCards(response: CommandResponseRecord, values: Record<string, string>): BotMessage[] {
  const cards = response.resp_static_cards_resp_struct
    .slice(0, MAX_STATIC_CARDS)
    .map((s) => cardOf(s, values));
  const intro = renderText({ ...response, resp_quick_reply: [] }, values);
  return cards.length > 0 ? [...intro, { type: 'cards', cards }] : intro;
}

function renderLocations(response: CommandResponseRecord, values: Record<string, string>): BotMessage[] {
  const locations = response.resp_location_resp_struct.slice(0, MAX_LOCATIONS).map((place) => ({
    title: interpolate(place.title, values),
    lat: place.lat,
    lng: place.lng,
  }));
  const intro = renderText({ ...response, resp_quick_reply: [] }, values);
  return locations.length > 0 ? [...intro, { type: 'location', locations }] : intro;
}

/**
 * The messages of a command's static response, its variables filled in. Empty when the record has nothing to
 * show or its type is one the runtime does not execute: the caller then answers the fallback message.
 */
export function renderResponse(
  response: CommandResponseRecord,
  values: Record<string, string>,
): BotMessage[] {
  switch (response.resp_type) {
    case 'text':
    case 'quick_rep':
      return renderText(response, values);
    case 'static_cards':
      return renderCards(response, values);
    case 'location':
      return renderLocations(response, values);
    default:
      return [];
  }
}
