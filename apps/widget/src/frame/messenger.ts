import type { IncomingEvent, WidgetTurn } from '@hiwar/contracts';
import { CLOSE_MESSAGE, type FrameMessage, SENDER_MESSAGE } from '../embed/frame-protocol.ts';
import {
  type ApiClient,
  ApiError,
  type MessengerSettings,
  type SenderIdentity,
  type WidgetHistory,
} from './api-client.ts';
import { ChatView } from './chat-view.ts';
import { type ComposerSpeech, createComposer } from './composer.ts';
import { el } from './dom.ts';
import { renderHeader } from './header.ts';
import { applyLanguage, chooseLanguage, type Language, type Strings, strings, welcomeText } from './i18n.ts';
import { chooseMenu, createMenuPanel } from './menu.ts';
import { type NoticePoller, startNoticePolling } from './notices.ts';
import { localOutboxStorage, Outbox, type OutboxStorage } from './outbox.ts';
import { findRecorderPlatform } from './recorder.ts';
import type { RenderContext } from './render/render-context.ts';
import { retryUntilDone, type Sleep } from './retry.ts';
import { createSenderStore, newSender, type ResolveSenderOptions, resolveSenderId } from './sender-id.ts';
import { findSpeechRecognition } from './speech.ts';

export interface MessengerOptions {
  window: Window;
  api: ApiClient;
  bot: string;
  /** the frame's `locale` parameter (may be the LOCALE placeholder) */
  locale: string | null;
  /** the frame's `sender` parameter (may be the SENDER_ID placeholder) */
  senderParam: string | null;
  /** the frame's `sender_hash` parameter: the page's signature of `sender` under identity verification */
  senderHashParam?: string | null;
  /** inside embed.js: a close button asks the page to hide the frame */
  isEmbedded: boolean;
  /** where unsent messages wait; localStorage per bot and sender unless given (the preview keeps them in memory) */
  outboxStorage?: OutboxStorage;
  sleep?: Sleep;
}

const DEFAULT_COLOR = '#4066BF';

const isRetryable = (error: unknown) => !(error instanceof ApiError) || error.isRetryable;

function mainColor(value: string): string {
  return /^#[0-9a-f]{3,8}$/i.test(value.trim()) ? value.trim() : DEFAULT_COLOR;
}

function newMessageId(): string {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/**
 * The browser's speech recognition when it has one; else, when the owner configured a speech provider, a
 * recording the server transcribes; else no mic.
 */
function speechFor(
  settings: MessengerSettings,
  window: Window,
  transcribe: (audio: Blob) => Promise<string>,
): ComposerSpeech | null {
  if (settings.voice?.status !== 1) return null;
  const Recognition = findSpeechRecognition(window);
  if (Recognition) return { Recognition, lang: settings.voice.lang || 'ar-EG' };
  const recorder = settings.voice.server === 1 ? findRecorderPlatform(window) : null;
  return recorder ? { recorder, transcribe } : null;
}

/** The page's origin is unknown (any site may embed the frame): messages carry nothing another site may not see. */
function tellPage(window: Window, message: FrameMessage): void {
  window.parent.postMessage(message, '*');
}

function renderTurn(chat: ChatView, turn: WidgetTurn): void {
  const id = `turn-${turn.turn_id}`;
  chat.addUserMessage(id, turn.event, 'sent');
  chat.addBotMessages(turn.replies, id);
}

/** The turns and the notices of a reloaded conversation in the order they happened. */
function renderHistory(chat: ChatView, history: WidgetHistory): void {
  let next = 0;
  const noticesBefore = (at: string | null) => {
    const messages = [];
    for (let notice = history.notices[next]; notice && (at === null || notice.created_at < at); ) {
      messages.push(notice.message);
      next += 1;
      notice = history.notices[next];
    }
    if (messages.length > 0) chat.addBotMessages(messages);
  };
  for (const turn of history.turns) {
    noticesBefore(turn.created_at);
    renderTurn(chat, turn);
  }
  noticesBefore(null);
}

interface StatusBanner {
  element: HTMLElement;
  setStrings(text: Strings): void;
  setReconnecting(isReconnecting: boolean): void;
}

function createStatusBanner(text: Strings): StatusBanner {
  const element = el('div', { class: 'status-banner', role: 'status', hidden: '' }, [text.reconnecting]);
  return {
    element,
    setStrings: (next) => {
      element.textContent = next.reconnecting;
    },
    setReconnecting: (isReconnecting) => {
      element.hidden = !isReconnecting;
    },
  };
}

interface LoadedConversation {
  settings: MessengerSettings;
  sender: SenderIdentity;
  history: WidgetHistory;
}

function showLoadFailed(root: HTMLElement, options: MessengerOptions, error: unknown, lang: Language): void {
  const reason = error instanceof Error ? error.message : '';
  const failed = strings[chooseLanguage(options.locale, lang)].loadFailed;
  root.appendChild(el('div', { class: 'load-failed', role: 'alert' }, [failed, reason && ` (${reason})`]));
}

const isRefusedIdentity = (error: unknown) => error instanceof ApiError && error.status === 403;

/** Settings, sender id and history, each retried while the server is unreachable; null when the bot is unknown. */
async function loadConversation(
  root: HTMLElement,
  options: MessengerOptions,
  banner: StatusBanner,
): Promise<LoadedConversation | null> {
  const { window, api } = options;
  const retry = <T>(call: () => Promise<T>) =>
    retryUntilDone(call, {
      isRetryable,
      onReconnecting: banner.setReconnecting,
      ...(options.sleep && { sleep: options.sleep }),
    });
  let settings: MessengerSettings;
  try {
    settings = await retry(() => api.settings());
  } catch (error) {
    showLoadFailed(root, options, error, 'en');
    return null;
  }
  const resolving: ResolveSenderOptions = {
    senderParam: options.senderParam,
    senderHashParam: options.senderHashParam ?? null,
    store: createSenderStore(options.bot, window),
    validate: (id) => api.validateSender(id),
    ...(settings.identity_verification === 1 && { verified: { draw: () => api.drawSender() } }),
  };
  const identityOf = (sender: SenderIdentity) =>
    sender.hash ? { id: sender.id, hash: sender.hash } : { id: sender.id };
  try {
    let sender = await retry(() => resolveSenderId(resolving));
    let history: WidgetHistory;
    try {
      history = await retry(() => api.history(identityOf(sender)));
    } catch (error) {
      // a kept id signed with a secret the owner has since replaced: start a new conversation
      if (!isRefusedIdentity(error) || sender.isPageGiven || !resolving.verified) throw error;
      sender = await retry(() => newSender(resolving));
      history = await retry(() => api.history(identityOf(sender)));
    }
    // only a fresh id goes to the page: a stored one could belong to this visitor's chat on another site
    if (options.isEmbedded && sender.isNew) tellPage(window, { type: SENDER_MESSAGE, ...identityOf(sender) });
    return { settings, sender: identityOf(sender), history };
  } catch (error) {
    // the page's own id with a hash the server refuses: the page's author has something to fix
    showLoadFailed(root, options, error, settings.default_lang);
    return null;
  }
}

function startButtonFor(settings: MessengerSettings, context: RenderContext): HTMLElement | null {
  if (settings.start_button.status !== 1) return null;
  const { label, payload } = settings.start_button;
  const button = el('button', { type: 'button', class: 'start-button' }, [label]);
  button.addEventListener('click', () => context.sendPostback(payload, label));
  return button;
}

/** Draws the messenger into root once the settings, the sender id and the history are loaded. */
export async function startMessenger(root: HTMLElement, options: MessengerOptions): Promise<void> {
  const { window, api } = options;
  const banner = createStatusBanner(strings[chooseLanguage(options.locale, 'en')]);
  root.replaceChildren(banner.element);
  const loaded = await loadConversation(root, options, banner);
  if (!loaded) return;
  const { settings, sender, history } = loaded;
  const language: Language = chooseLanguage(options.locale, settings.default_lang);
  const text = strings[language];
  applyLanguage(window.document, language);
  banner.setStrings(text);
  root.style.setProperty('--main', mainColor(settings.main_color));

  let startButton: HTMLElement | null = null;
  const context: RenderContext = {
    strings: text,
    sendPostback: (payload, label) => send({ type: 'postback', payload, label }),
  };
  const chat = new ChatView(context, settings.avatar);
  let poller: NoticePoller | null = null;
  const outbox = new Outbox({
    send: async (event) => (await api.send(sender, event, language)).replies,
    storage: options.outboxStorage ?? localOutboxStorage(window, `hiwar_outbox_${options.bot}_${sender.id}`),
    ...(options.sleep && { sleep: options.sleep }),
    events: {
      delivered: (message, replies) => {
        chat.setDeliveryState(message.id, 'sent');
        chat.addBotMessages(replies, message.id);
        // the message may have handed the sender over to a person: the notices say so, and come faster then
        poller?.pollSoon();
      },
      rejected: (message) => chat.setDeliveryState(message.id, 'failed'),
      reconnecting: banner.setReconnecting,
    },
  });

  function send(event: IncomingEvent): void {
    startButton?.remove();
    startButton = null;
    chat.removeQuickReplies();
    const id = newMessageId();
    chat.addUserMessage(id, event, 'pending');
    outbox.enqueue({ id, event });
  }

  const menu = chooseMenu(settings.persistent_menus, language);
  const menuPanel = menu ? createMenuPanel(menu.call_to_actions, context) : null;
  const header = renderHeader({
    name: settings.chatbot_name,
    logo: settings.logo,
    avatar: settings.avatar,
    strings: text,
    onMenu: menuPanel?.toggle,
    onClose: options.isEmbedded ? () => tellPage(window, { type: CLOSE_MESSAGE }) : undefined,
  });
  const composer = createComposer({
    strings: text,
    onSend: (typed) => send({ type: 'text', text: typed }),
    speech: speechFor(settings, window, async (audio) => (await api.transcribe(sender, audio)).text),
  });
  composer.hidden = menu?.composer_input_disabled === true;
  root.replaceChildren(
    header,
    banner.element,
    chat.element,
    ...(menuPanel ? [menuPanel.element] : []),
    composer,
  );
  root.classList.add('ready');

  chat.addBotText(welcomeText(settings, options.locale, language));
  renderHistory(chat, history);
  const waiting = outbox.waiting();
  for (const message of waiting) chat.addUserMessage(message.id, message.event, 'pending');
  if (history.turns.length === 0 && history.notices.length === 0 && waiting.length === 0) {
    startButton = startButtonFor(settings, context);
    if (startButton) chat.addControl(startButton);
  }
  void outbox.flush();
  const { notices } = api;
  if (notices) {
    poller = startNoticePolling({
      source: { notices: (after) => notices.call(api, sender, after) },
      show: (messages) => chat.addBotMessages(messages),
      window,
      storageKey: `hiwar_notice_${options.bot}_${sender.id}`,
      shownUpTo: Math.max(0, ...history.notices.map((notice) => notice.notice_id)),
    });
  }
}
