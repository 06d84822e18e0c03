import type { FastifyBaseLogger } from 'fastify';
import { createTransport } from 'nodemailer';
import type { OutboundGuard } from '../net/outbound-guard.ts';

export interface MailMessage {
  /** one address or up to a few (a mail action has at most 5) */
  to: string | string[];
  subject: string;
  text: string;
  /** the sender; the mailer's own address when absent */
  from?: string;
}

/** Sends mail on the server's behalf (activation links, notifications) or on an owner's (mail actions). */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** How long an SMTP server may take to accept the connection, greet, and answer each command. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/** The default mailer: without an SMTP server configured, mail goes to the server log for the operator. */
export function createLogMailer(log: FastifyBaseLogger): Mailer {
  return {
    async send(message) {
      log.info({ mail: message }, `mail to ${[message.to].flat().join(', ')}: ${message.subject}`);
    },
  };
}

export interface SmtpOptions {
  /** `smtp://user:pass@host:port` or `smtps://…` (SMTP_URL) */
  url: string;
  /** the From address when a message names none */
  from: string;
  /** replaces the URL's credentials (an owner's own mail server account) */
  auth?: { user: string; pass: string };
  /** the name the server's certificate must carry when `url` names its address; STARTTLS is then required */
  tlsServerName?: string;
}

/**
 * Mail through an SMTP server (nodemailer). A failure rejects with nodemailer's error: callers that send on
 * an owner's behalf log it on the turn and never show it to the sender.
 */
export function createSmtpMailer(options: SmtpOptions): Mailer {
  const url = new URL(options.url);
  const secure = url.protocol === 'smtps:';
  const urlAuth = url.username
    ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
    : undefined;
  const auth = options.auth ?? urlAuth;
  const transport = createTransport({
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    ...(auth && { auth }),
    ...(options.tlsServerName && { requireTLS: true, tls: { servername: options.tlsServerName } }),
    ...SMTP_TIMEOUTS,
  });
  return {
    async send(message) {
      await transport.sendMail({
        from: message.from ?? options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
      });
    },
  };
}

/** An owner's mail server account (settings card 1), the password decrypted. */
export interface OwnerMailAccount {
  username: string;
  password: string;
}

export interface OwnerMailerDeps {
  smtpUrl: string | null;
  mailFrom: string;
  guard: OutboundGuard;
  log: FastifyBaseLogger;
}

/** The mail server an account's address names by convention: smtp.<its domain>, port 587 with STARTTLS. */
function conventionalHostOf(username: string): string | null {
  const domain = username.split('@')[1]?.trim().toLowerCase();
  return domain ? `smtp.${domain}` : null;
}

/**
 * The mailer for mail an owner's bot sends (DESIGN.md §7a): the owner's mail server account when settings
 * hold one — on the operator's SMTP_URL server when set, else on smtp.<the account's domain> reached through
 * the outbound guard — else the operator's SMTP_URL, else the log.
 */
export async function ownerMailer(deps: OwnerMailerDeps, account: OwnerMailAccount | null): Promise<Mailer> {
  const hasAccount = account !== null && account.username !== '' && account.password !== '';
  if (!hasAccount) {
    return deps.smtpUrl
      ? createSmtpMailer({ url: deps.smtpUrl, from: deps.mailFrom })
      : createLogMailer(deps.log);
  }
  const auth = { user: account.username, pass: account.password };
  if (deps.smtpUrl) return createSmtpMailer({ url: deps.smtpUrl, from: account.username, auth });
  const host = conventionalHostOf(account.username);
  if (!host) return createLogMailer(deps.log);
  const vetted = await deps.guard.vet(host);
  const address = vetted.family === 6 ? `[${vetted.address}]` : vetted.address;
  return createSmtpMailer({
    url: `smtp://${address}:587`,
    from: account.username,
    auth,
    tlsServerName: host,
  });
}
