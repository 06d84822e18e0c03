/**
 * Where an owner's Chatwoot API inbox lives, read from settings card 2's `cs_endpoint` (README.md beside this
 * file): the address the owner copies from their browser, or the API address of the inbox.
 */
export interface ChatwootAccount {
  /** scheme, host, port and any path before `/app` or `/api` — no trailing slash */
  baseUrl: string;
  accountId: number;
  inboxId: number;
}

/** The paths an inbox is shown or served at; `{prefix}` is whatever comes before them (usually nothing). */
const INBOX_PATHS = [
  /^(?<prefix>.*?)\/app\/accounts\/(?<account>\d+)\/inbox\/(?<inbox>\d+)$/,
  /^(?<prefix>.*?)\/app\/accounts\/(?<account>\d+)\/settings\/inboxes\/(?<inbox>\d+)$/,
  /^(?<prefix>.*?)\/api\/v1\/accounts\/(?<account>\d+)\/inboxes\/(?<inbox>\d+)$/,
];

/**
 * `https://chat.example.com/app/accounts/{a}/inbox/{i}`, `…/app/accounts/{a}/settings/inboxes/{i}` or
 * `…/api/v1/accounts/{a}/inboxes/{i}` as the account and inbox to call; null for anything else (another
 * scheme, a user name or password in the URL, ids that are not positive whole numbers).
 */
export function parseChatwootEndpoint(endpoint: string): ChatwootAccount | null {
  let url: URL;
  try {
    url = new URL(endpoint.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  // the outbound client refuses credentials in a URL; the token travels in a header instead
  if (url.username !== '' || url.password !== '') return null;
  const path = url.pathname.replace(/\/+$/, '');
  for (const pattern of INBOX_PATHS) {
    const groups = pattern.exec(path)?.groups;
    if (!groups) continue;
    const accountId = positiveId(groups.account);
    const inboxId = positiveId(groups.inbox);
    if (accountId === null || inboxId === null) return null;
    return { baseUrl: `${url.origin}${groups.prefix ?? ''}`, accountId, inboxId };
  }
  return null;
}

function positiveId(digits: string | undefined): number | null {
  const id = Number(digits);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
