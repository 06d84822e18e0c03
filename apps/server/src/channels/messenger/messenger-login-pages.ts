import { createHash } from 'node:crypto';

/** The Facebook Login popup's pages (550 × 550, opened from the chatbot screen): small, no external assets. */

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** Tells the chatbot screen (the opener) to reload its pages, and lets the close button close the popup. */
const RESULT_SCRIPT =
  "(function(){try{if(window.opener){window.opener.postMessage({type:'hiwar:facebook-pages'},'*');}}catch(e){}" +
  "var b=document.getElementById('close');if(b){b.addEventListener('click',function(){window.close();});}})();";

/** The script's CSP hash: the server's policy admits no inline script but this one. */
const RESULT_SCRIPT_HASH = `'sha256-${createHash('sha256').update(RESULT_SCRIPT).digest('base64')}'`;

/** Route options for the popup's pages: the script by its hash, no opener isolation (the popup talks to it). */
export const popupHelmet = {
  crossOriginOpenerPolicy: false,
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", RESULT_SCRIPT_HASH],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'https:'],
      formAction: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      frameAncestors: ["'self'"],
      upgradeInsecureRequests: null,
    },
  },
};

function page(title: string, body: string, script = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Hiwar — ${escapeHtml(title)}</title><style>body{font-family:system-ui,sans-serif;max-width:500px;margin:24px auto;padding:0 16px;color:#212529}
label{display:block;padding:8px 0;border-bottom:1px solid #e9ecef}button{margin-top:16px;padding:8px 16px}
.error{color:#c92a2a}.ok{color:#2f9e44}small{color:#868e96}</style>
</head><body>${body}${script === '' ? '' : `<script>${script}</script>`}</body></html>`;
}

export function renderMessagePage(title: string, message: string): string {
  return page(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>`);
}

export function renderNotConfiguredPage(): string {
  return renderMessagePage(
    'Facebook Login is not set up',
    'The operator of this server has not configured Facebook Login (FB_APP_ID and FB_APP_SECRET). Ask them to, then add the page again.',
  );
}

export interface ListedPage {
  id: string;
  name: string;
}

/** The owner's pages with a checkbox each; the form posts the chosen ids with the signed state. */
export function renderChoosePage(pages: readonly ListedPage[], state: string, action: string): string {
  if (pages.length === 0) {
    return renderMessagePage(
      'No pages',
      'Facebook lists no page you manage for this app. Create a page, or allow this app to use one, then try again.',
    );
  }
  const items = pages
    .map(
      (listed) =>
        `<label><input type="checkbox" name="page_id" value="${escapeHtml(listed.id)}"> ${escapeHtml(listed.name)} <small>${escapeHtml(listed.id)}</small></label>`,
    )
    .join('\n');
  return page(
    'Choose pages',
    `<h1>Choose the pages the bot answers on</h1>
<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="state" value="${escapeHtml(state)}">
${items}
<button type="submit">Add the pages</button></form>`,
  );
}

export interface PageResult {
  name: string;
  error: string | null;
}

/** What happened to each chosen page; the opener is told to reload. */
export function renderResultPage(results: readonly PageResult[]): string {
  const items = results
    .map((result) =>
      result.error === null
        ? `<li><span class="ok">✓</span> ${escapeHtml(result.name)}: connected</li>`
        : `<li><span class="error">✗</span> ${escapeHtml(result.name)}: <span class="error">${escapeHtml(result.error)}</span></li>`,
    )
    .join('\n');
  return page(
    'Pages added',
    `<h1>Pages added</h1><ul>${items}</ul><p>The chatbot screen shows them after it reloads.</p>
<button type="button" id="close">Close</button>`,
    RESULT_SCRIPT,
  );
}
