import type { ConnectionStatus } from './channel-tables.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

const labels: Record<ConnectionStatus, string> = {
  active: 'Active',
  inactive: 'Inactive',
  pending: 'Pending',
  banned: 'Banned',
};

const colors: Record<ConnectionStatus, string> = {
  active: '#2f9e44',
  inactive: '#868e96',
  pending: '#f08c00',
  banned: '#e03131',
};

export type StatusPage =
  | { kind: 'not_found' }
  | {
      kind: 'authorize' | 'broadcast';
      channel: string;
      status: ConnectionStatus;
      reason: string;
      account: string;
    };

/** The instruction link's page: the channel's status as the platform answered it, and what to do next. */
export function renderStatusPage(page: StatusPage): string {
  const body =
    page.kind === 'not_found'
      ? '<h1>Not found</h1><p>This link does not belong to a chatbot. Copy it again from the chatbot screen.</p>'
      : `<h1>${escapeHtml(page.channel)}${page.account ? ` <small>${escapeHtml(page.account)}</small>` : ''}</h1>
<p><span class="badge" style="background:${colors[page.status]}">${labels[page.status]}</span></p>
${page.reason ? `<p class="reason">${escapeHtml(page.reason)}</p>` : ''}
<p>${
          page.kind === 'broadcast'
            ? 'Notifications to this channel&#39;s subscribers are sent from the Subscriptions screen of the console.'
            : page.status === 'active'
              ? 'The bot answers on this channel. You can close this window.'
              : 'Switch the channel on and paste its credentials on the chatbot screen, save, then open this link again.'
        }</p>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Hiwar — channel status</title><style>body{font-family:system-ui,sans-serif;max-width:480px;margin:40px auto;padding:0 16px;color:#212529}
.badge{color:#fff;border-radius:12px;padding:2px 10px;font-size:14px}.reason{color:#c92a2a}small{color:#868e96;font-weight:normal}</style>
</head><body>${body}</body></html>`;
}
