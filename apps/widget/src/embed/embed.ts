import type { SenderIdentity } from '../frame/api-client.ts';
import { strings } from '../frame/i18n.ts';
import {
  keptSenderText,
  parseKeptSender,
  parseSenderHash,
  parseSenderId,
  senderKey,
} from '../frame/sender-id.ts';
import {
  DEFAULT_EMBED_SETTINGS,
  EDGE_GAP,
  type EmbedSettings,
  frameUrl,
  LAUNCHER_SIZE,
  type Placement,
  placeMessenger,
  settingsUrl,
} from './embed-layout.ts';
import { CLOSE_MESSAGE, parseFrameMessage, SENDER_MESSAGE } from './frame-protocol.ts';

/**
 * embed.js: adds a launcher button and, on first open, an iframe with frame.html from the Hiwar origin. The
 * page's CSS cannot reach either (a shadow root; styles set through the CSSOM so a strict page CSP allows them),
 * and the page's scripts cannot reach into the chat (another origin).
 *
 * Browsers that block third-party cookies and storage would give the frame a new sender (and an empty history)
 * on every visit, so the page keeps the frame's sender id in its own localStorage and passes it back.
 */

const CHAT_ICON = 'M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H8l-4 4V6a2 2 0 0 1 2-2z';
const CLOSE_ICON = 'M6 6l12 12M18 6L6 18';

function findScript(): HTMLScriptElement | null {
  const current = document.currentScript;
  if (current instanceof HTMLScriptElement && current.dataset.bot) return current;
  return document.querySelector<HTMLScriptElement>('script[data-bot][src*="embed.js"]');
}

async function fetchSettings(src: string, bot: string): Promise<EmbedSettings> {
  try {
    const answer = await fetch(settingsUrl(src, bot), { credentials: 'omit' });
    if (!answer.ok) return DEFAULT_EMBED_SETTINGS;
    const body = (await answer.json()) as { data?: Partial<EmbedSettings> };
    return { ...DEFAULT_EMBED_SETTINGS, ...body.data };
  } catch {
    return DEFAULT_EMBED_SETTINGS;
  }
}

/** The page's own copy of the visitor's sender id (first-party storage, which browsers do not block). */
const pageSenderStore = {
  read(bot: string): SenderIdentity | null {
    try {
      return parseKeptSender(localStorage.getItem(senderKey(bot)));
    } catch {
      return null;
    }
  },
  write(bot: string, sender: SenderIdentity): void {
    try {
      localStorage.setItem(senderKey(bot), keptSenderText(sender));
    } catch {
      // storage blocked on the page too: the frame's own cookie is all there is
    }
  },
};

/**
 * The site's own id for its signed-in visitor: `data-sender`, with `data-sender-hash` (its HMAC under the bot's
 * identity secret, computed on the site's server) when the owner turned identity verification on.
 */
function pageSender(script: HTMLScriptElement): SenderIdentity | null {
  const id = parseSenderId(script.dataset.sender);
  if (!id) return null;
  const hash = parseSenderHash(script.dataset.senderHash);
  return hash ? { id, hash } : { id };
}

function icon(path: string): SVGSVGElement {
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('width', '26');
  svg.setAttribute('height', '26');
  svg.setAttribute('aria-hidden', 'true');
  const line = document.createElementNS(ns, 'path');
  line.setAttribute('d', path);
  line.setAttribute('fill', path === CHAT_ICON ? '#fff' : 'none');
  line.setAttribute('stroke', '#fff');
  line.setAttribute('stroke-width', '2');
  line.setAttribute('stroke-linecap', 'round');
  svg.appendChild(line);
  return svg;
}

const ON_TOP = '2147483000';

function createLauncher(placement: Placement, color: string): HTMLButtonElement {
  const launcher = document.createElement('button');
  launcher.type = 'button';
  Object.assign(launcher.style, {
    position: 'fixed',
    bottom: `${EDGE_GAP}px`,
    [placement.side]: `${EDGE_GAP}px`,
    width: `${LAUNCHER_SIZE}px`,
    height: `${LAUNCHER_SIZE}px`,
    border: '0',
    borderRadius: '50%',
    background: color,
    boxShadow: '0 4px 14px rgba(0,0,0,.25)',
    cursor: 'pointer',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    padding: '0',
    zIndex: ON_TOP,
  });
  return launcher;
}

function createFrame(placement: Placement, title: string): HTMLIFrameElement {
  const frame = document.createElement('iframe');
  frame.title = title;
  frame.allow = 'microphone';
  Object.assign(frame.style, {
    position: 'fixed',
    bottom: `${placement.frameBottom}px`,
    [placement.side]: `${EDGE_GAP}px`,
    width: `${placement.width}px`,
    height: `${placement.height}px`,
    maxWidth: 'none',
    border: '0',
    borderRadius: '14px',
    boxShadow: '0 8px 32px rgba(0,0,0,.25)',
    background: '#fff',
    display: 'none',
    zIndex: ON_TOP,
  });
  return frame;
}

/** A page may paste the snippet twice (or load it from two templates): one launcher per bot. */
function isMounted(bot: string): boolean {
  return document.querySelector(`[data-hiwar-bot="${CSS.escape(bot)}"]`) !== null;
}

function mount(script: HTMLScriptElement, bot: string, settings: EmbedSettings): void {
  if (isMounted(bot)) return;
  const locale = script.dataset.locale;
  const place = () => placeMessenger(settings, locale, { width: innerWidth, height: innerHeight });
  const placement = place();
  const text = strings[placement.language];
  const launcher = createLauncher(placement, settings.main_color);
  const frame = createFrame(placement, text.chat);

  let isOpen = false;
  function setOpen(open: boolean): void {
    isOpen = open;
    // the frame loads on first open, so a page with the launcher alone costs the visitor 2 KB
    if (open && !frame.src)
      frame.src = frameUrl(script.src, bot, locale, pageSender(script) ?? pageSenderStore.read(bot));
    frame.style.display = open ? 'block' : 'none';
    launcher.replaceChildren(icon(open ? CLOSE_ICON : CHAT_ICON));
    launcher.setAttribute('aria-label', open ? text.close : text.open);
    launcher.setAttribute('aria-expanded', String(open));
  }

  launcher.addEventListener('click', () => setOpen(!isOpen));
  window.addEventListener('resize', () => {
    const { width, height } = place();
    Object.assign(frame.style, { width: `${width}px`, height: `${height}px` });
  });
  window.addEventListener('message', (event) => {
    if (event.source !== frame.contentWindow) return;
    const message = parseFrameMessage(event.data);
    if (message?.type === CLOSE_MESSAGE) setOpen(false);
    if (message?.type === SENDER_MESSAGE) pageSenderStore.write(bot, message);
  });
  setOpen(false);
  const host = document.createElement('div');
  host.setAttribute('data-hiwar-bot', bot);
  host.attachShadow({ mode: 'open' }).append(frame, launcher);
  document.body.appendChild(host);
}

const script = findScript();
const bot = script?.dataset.bot;
if (script && bot && !isMounted(bot)) {
  void fetchSettings(script.src, bot).then((settings) => {
    const start = () => mount(script, bot, settings);
    if (document.body) start();
    else document.addEventListener('DOMContentLoaded', start);
  });
}
