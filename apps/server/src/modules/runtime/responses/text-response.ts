import {
  type BotMessage,
  type CommandResponseRecord,
  commandPayload,
  type ReplyOption,
} from '@hiwar/contracts';
import { interpolate } from '../interpolate.ts';
import type { ResponseContext } from './response-executor.ts';

const IMAGE_URL = /^https?:\/\/\S+\.(png|jpe?g|gif|webp|svg)(\?\S*)?$/i;
const VIDEO_URL = /^https?:\/\/\S+\.(mp4|webm|ogv|ogg|mov)(\?\S*)?$/i;

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

/** `resp_text` with its variables filled in, with the quick replies when there are any (text and quick_rep). */
export function renderText(response: CommandResponseRecord, values: Record<string, string>): BotMessage[] {
  const text = interpolate(response.resp_text, values);
  if (text.trim() === '') return [];
  const replies = quickReplyOptions(response, values);
  return replies.length > 0 ? [{ type: 'quick_replies', text, replies }] : [textOrMedia(text)];
}

/** The intro text other types show before their own message (without quick replies). */
export function renderIntro(response: CommandResponseRecord, values: Record<string, string>): BotMessage[] {
  return renderText({ ...response, resp_quick_reply: [] }, values);
}

export async function executeTextResponse(
  response: CommandResponseRecord,
  context: ResponseContext,
): Promise<BotMessage[]> {
  return renderText(response, context.values);
}
