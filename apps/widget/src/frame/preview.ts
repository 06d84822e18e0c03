import type { TestChatHistory, TestChatTurn } from '@hiwar/contracts';
import {
  type ApiClient,
  type FetchFunction,
  fetchJson,
  type MessengerSettings,
  postJson,
} from './api-client.ts';
import { startMessenger } from './messenger.ts';

/**
 * frame.html?preview=1 is the console's preview of the chatbot settings (features/chatbot/live-preview.tsx):
 * the console, on this same origin, posts the unsaved settings and the owner's token; the messenger draws
 * them and talks to the owner's bot through the test chat (/api/test_chat/…), so nothing it sends becomes a
 * real conversation. The console keeps its own copy of these two names (it imports nothing from the widget).
 */
export const PREVIEW_SETTINGS_MESSAGE = 'hiwar:preview-settings';
export const PREVIEW_READY_MESSAGE = 'hiwar:preview-ready';

export interface PreviewMessage {
  settings: MessengerSettings;
  token: string;
}

/** The settings message, only from the window that framed this one and only from this origin (the console's). */
export function parsePreviewMessage(event: MessageEvent, window: Window): PreviewMessage | null {
  if (event.origin !== window.location.origin || event.source !== window.parent) return null;
  const { type, settings, token } = (event.data ?? {}) as Record<string, unknown>;
  if (type !== PREVIEW_SETTINGS_MESSAGE || typeof token !== 'string') return null;
  if (typeof settings !== 'object' || settings === null) return null;
  return { settings: settings as MessengerSettings, token };
}

export interface PreviewApiOptions extends PreviewMessage {
  /** the messenger's own directory (the test chat is at ../api/test_chat/) */
  widgetBase: string;
  fetch?: FetchFunction;
}

/** The messenger's calls answered by the posted settings and the owner's test chat. */
export function createPreviewApiClient(options: PreviewApiOptions): ApiClient {
  const fetchFn = options.fetch ?? globalThis.fetch.bind(globalThis);
  const testChat = new URL('../api/test_chat/', options.widgetBase);
  const authorization = { authorization: `Bearer ${options.token}` };
  return {
    settings: async () => options.settings,
    validateSender: async () => true,
    // the test chat is the owner's own conversation: no sender id to draw or sign
    drawSender: async () => ({ id: 1 }),
    // the preview has no sender to speak for: the browser's own recognition only
    transcribe: async () => ({ status: 1, text: '' }),
    async history() {
      const url = new URL('history', testChat);
      const answer = await fetchJson<{ data: TestChatHistory }>(fetchFn, url, { headers: authorization });
      const turns = answer.data.turns.map(({ turn_id, event, replies, at }) => ({
        turn_id,
        event,
        replies,
        created_at: at,
      }));
      return { turns, notices: [] };
    },
    async send(_senderId, event) {
      const url = new URL('send', testChat);
      const answer = await fetchJson<{ data: TestChatTurn }>(
        fetchFn,
        url,
        postJson({ event }, authorization),
      );
      return { status: 1, turn_id: answer.data.turn_id, replies: answer.data.replies };
    },
  };
}

/**
 * Waits for the console's settings and draws the messenger again with each message (the newest last); answers
 * the function that stops listening.
 */
export function startPreview(root: HTMLElement, window: Window, widgetBase: string): () => void {
  let drawing = Promise.resolve();
  const onMessage = (event: MessageEvent) => {
    const message = parsePreviewMessage(event, window);
    if (!message) return;
    const draw = () =>
      startMessenger(root, {
        window,
        api: createPreviewApiClient({ ...message, widgetBase }),
        bot: 'preview',
        locale: null,
        senderParam: '1',
        isEmbedded: false,
        outboxStorage: { load: () => [], save: () => undefined },
      });
    drawing = drawing.then(draw).catch(() => undefined);
  };
  window.addEventListener('message', onMessage);
  window.parent.postMessage({ type: PREVIEW_READY_MESSAGE }, window.location.origin);
  return () => window.removeEventListener('message', onMessage);
}
