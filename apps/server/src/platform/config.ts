import { accessSync, constants } from 'node:fs';
import { isIP } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadSecretKey } from './crypto/secret-key.ts';
import { createPrivateDirectory } from './private-files.ts';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** `postgres://…` selects PostgreSQL; null means the embedded SQLite file in dataDir. */
  databaseUrl: string | null;
  consoleDist: string;
  tokenTtlDays: number;
  /** 32 bytes used to encrypt secrets at rest. */
  secretKey: Buffer;
  /**
   * Which X-Forwarded-For hops to believe when computing the client address (Fastify's `trustProxy`): false
   * (none), a hop count, or the proxies' addresses/CIDRs; true believes every hop, including the leftmost
   * entry that the client itself writes.
   */
  trustProxy: TrustProxy;
  /** Origins allowed to call /api from a browser; empty keeps CORS off. */
  corsOrigins: string[];
  /** Origin of the console for links in mail (e.g. https://bots.example.com); empty gives relative links. */
  publicUrl: string;
  /**
   * OUTBOUND_ALLOW: host names, addresses or CIDRs that owners' outbound connections (data sources…) may reach
   * although they are local or private (platform/net/outbound-guard.ts); empty refuses every such address.
   */
  outboundAllow: string[];
  /** SMTP_URL (`smtp://user:pass@host:port`, `smtps://…`): the operator's mail server; null writes mail to the log. */
  smtpUrl: string | null;
  /** MAIL_FROM: the From address of the server's own mail. */
  mailFrom: string;
  /**
   * SIGNUP: `open` (a console sign-up is an active account at once), `verify` (it waits for the emailed
   * activation link; so does a change of email), `closed` (no sign-ups: `npm run user:add`). Default `verify`
   * when SMTP_URL is set, else `open`.
   */
  signup: SignupMode;
  /** SIGNUPS_PER_HOUR: sign-ups (and activation mails asked again) one client address may make in an hour (5) */
  signupsPerHour: number;
  /**
   * BROADCAST_RATES (`telegram=30,whatsapp=80,telegram_chat=1`): messages per second a broadcast sends to a
   * platform (and `<platform>_chat` to one chat); a platform not named keeps its default, `web` is unthrottled
   * unless named (modules/subscriptions/broadcast-rates.ts).
   */
  broadcastRates: Record<string, number>;
  /**
   * DELIVERY_RETRY_HOURS (default 24): how long a message to a messaging channel is tried again while the
   * platform fails or asks to wait, before it is given up (channels/delivery-worker.ts)
   */
  deliveryRetryHours: number;
  /** TELEGRAM_API_URL: the Telegram Bot API (default https://api.telegram.org; tests point it at a fake) */
  telegramApiUrl: string;
  /** FACEBOOK_GRAPH_URL: the Graph API for Messenger (default https://graph.facebook.com/v21.0) */
  facebookGraphUrl: string;
  /** FACEBOOK_DIALOG_URL: where Facebook Login's dialog is (default https://www.facebook.com/v21.0) */
  facebookDialogUrl: string;
  /** FB_APP_ID / FB_APP_SECRET: the operator's Meta app (Messenger login; the webhooks' X-Hub-Signature-256 key) */
  fbAppId: string;
  fbAppSecret: string;
  /** FB_VERIFY_TOKEN: the verify token of the app's one webhook (`/hooks/messenger`), as typed in Meta's dashboard */
  fbVerifyToken: string;
  /** WHATSAPP_API_URL: the WhatsApp Cloud API for bots whose chatapi_url is empty (default the Graph API) */
  whatsappApiUrl: string;
  /** GOOGLE_CHAT_API_URL: the Google Chat API (default https://chat.googleapis.com) */
  googleChatApiUrl: string;
  /** GOOGLE_CHAT_JWKS_URL: the keys Google Chat signs its requests with (chat@system.gserviceaccount.com's JWKS) */
  googleChatJwksUrl: string;
  /** GOOGLE_PLACES_API_KEY: place search by Google Places Text Search; '' leaves it to Nominatim or saved locations */
  googlePlacesApiKey: string;
  /** GOOGLE_PLACES_URL: the Places API (New) (default https://places.googleapis.com; tests point it at a fake) */
  googlePlacesUrl: string;
  /** NOMINATIM_URL: a Nominatim server for place search when no Google key is set; '' for none */
  nominatimUrl: string;
  /** GOOGLE_SPEECH_URL: Google Cloud Speech-to-Text for the messenger's recordings (tests point it at a fake) */
  googleSpeechUrl: string;
}

export type TrustProxy = boolean | number | string[];
export type SignupMode = 'open' | 'verify' | 'closed';

const repositoryRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');

export class ConfigError extends Error {}

function readInteger(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number) {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

function readDatabaseUrl(env: NodeJS.ProcessEnv): string | null {
  const raw = env.DATABASE_URL?.trim();
  if (!raw) return null;
  if (!/^postgres(ql)?:\/\//.test(raw)) {
    throw new ConfigError(
      'DATABASE_URL must start with postgres:// (leave it unset for the embedded SQLite)',
    );
  }
  return raw;
}

function readList(env: NodeJS.ProcessEnv, name: string): string[] {
  return (env[name] ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** proxy-addr's names for address ranges, accepted in TRUST_PROXY like the ranges they stand for */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (version === 4 ? 32 : 128);
}

/** TRUST_PROXY: unset/false/0, true, a hop count, or a comma-separated list of proxy addresses and CIDRs. */
function readTrustProxy(env: NodeJS.ProcessEnv): TrustProxy {
  const raw = env.TRUST_PROXY?.trim() ?? '';
  if (raw === '' || raw === 'false' || raw === '0') return false;
  if (raw === 'true') return true;
  if (/^\d+$/.test(raw)) return readInteger(env, 'TRUST_PROXY', 0, 0, 100);
  const entries = readList(env, 'TRUST_PROXY');
  const invalid = entries.filter((entry) => !isAddressOrRange(entry));
  if (entries.length === 0 || invalid.length > 0) {
    throw new ConfigError(
      `TRUST_PROXY must be true, false, a hop count or a comma-separated list of proxy addresses/CIDRs; not an address: "${invalid.join('", "')}"`,
    );
  }
  return entries;
}

/** OUTBOUND_ALLOW: a comma-separated list of host names, addresses and CIDRs. */
function readOutboundAllow(env: NodeJS.ProcessEnv): string[] {
  const entries = readList(env, 'OUTBOUND_ALLOW');
  const hostName = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i;
  const invalid = entries.filter((entry) => !(isAddressOrRange(entry) || hostName.test(entry)));
  if (invalid.length > 0) {
    throw new ConfigError(
      `OUTBOUND_ALLOW must be a comma-separated list of host names, addresses and CIDRs; not one: "${invalid.join('", "')}"`,
    );
  }
  return entries;
}

/** A platform's base URL (http or https), without a trailing slash; `fallback` when unset ('' for none). */
function readBaseUrl(env: NodeJS.ProcessEnv, name: string, fallback: string, example = fallback): string {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  let url: URL | null = null;
  try {
    url = new URL(raw);
  } catch {
    url = null;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new ConfigError(`${name} must be an http(s) address such as ${example}, got "${raw}"`);
  }
  return raw.replace(/\/+$/, '');
}

/** BROADCAST_RATES: `name=rate` pairs, each rate a positive number of messages per second. */
function readBroadcastRates(env: NodeJS.ProcessEnv): Record<string, number> {
  const rates: Record<string, number> = {};
  for (const entry of readList(env, 'BROADCAST_RATES')) {
    const [name = '', raw = ''] = entry.split('=').map((part) => part.trim());
    const rate = Number(raw);
    if (!/^[a-z][a-z_]{0,40}$/.test(name) || !Number.isFinite(rate) || rate <= 0 || rate > 100_000) {
      throw new ConfigError(
        `BROADCAST_RATES must be a comma-separated list of platform=messages per second (telegram=30); not one: "${entry}"`,
      );
    }
    rates[name] = rate;
  }
  return rates;
}

function readSignup(env: NodeJS.ProcessEnv, smtpUrl: string | null): SignupMode {
  const raw = env.SIGNUP?.trim().toLowerCase();
  if (!raw) return smtpUrl ? 'verify' : 'open';
  if (raw === 'open' || raw === 'verify' || raw === 'closed') return raw;
  throw new ConfigError(`SIGNUP must be open, verify or closed (got "${env.SIGNUP}")`);
}

function readSmtpUrl(env: NodeJS.ProcessEnv): string | null {
  const raw = env.SMTP_URL?.trim();
  if (!raw) return null;
  let url: URL | null = null;
  try {
    url = new URL(raw);
  } catch {
    url = null;
  }
  if (!url || (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') || url.hostname === '') {
    throw new ConfigError(
      'SMTP_URL must look like smtp://user:password@host:587 or smtps://user:password@host:465',
    );
  }
  return raw;
}

/** DATA_DIR as an absolute path (relative to the working directory), without creating it. */
export function dataDirOf(env: NodeJS.ProcessEnv = process.env): string {
  return resolve(env.DATA_DIR?.trim() || './data');
}

/**
 * Creates DATA_DIR if missing and checks the server can read and write it: a missing parent, a read-only disk
 * or a directory of another user is said in words (which path, what permission), not as SQLite's "unable to
 * open database file" later.
 */
function openDataDir(dataDir: string): void {
  try {
    createPrivateDirectory(dataDir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    throw new ConfigError(
      `DATA_DIR ${dataDir} does not exist and cannot be created (${code}): create it, or set DATA_DIR to a directory the server's user (uid ${process.getuid?.() ?? '?'}) may write`,
    );
  }
  try {
    accessSync(dataDir, constants.R_OK | constants.W_OK | constants.X_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    throw new ConfigError(
      `DATA_DIR ${dataDir} is not writable by the server's user (uid ${process.getuid?.() ?? '?'}; ${code}${code === 'EROFS' ? ': the file system is read-only' : ''}): it needs read, write and search (rwx) permission there`,
    );
  }
}

/** Reads the configuration from environment variables; creates DATA_DIR (0700) and the secret key if missing. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = dataDirOf(env);
  openDataDir(dataDir);
  return {
    port: readInteger(env, 'PORT', 8080, 0, 65535),
    host: env.HOST?.trim() || '0.0.0.0',
    dataDir,
    databaseUrl: readDatabaseUrl(env),
    consoleDist: resolve(env.CONSOLE_DIST?.trim() || resolve(repositoryRoot, 'apps/console/dist')),
    tokenTtlDays: readInteger(env, 'TOKEN_TTL_DAYS', 30, 1, 3650),
    secretKey: loadSecretKey(env.SECRET_KEY, dataDir),
    trustProxy: readTrustProxy(env),
    corsOrigins: readList(env, 'CORS_ORIGINS'),
    publicUrl: (env.PUBLIC_URL?.trim() ?? '').replace(/\/+$/, ''),
    outboundAllow: readOutboundAllow(env),
    smtpUrl: readSmtpUrl(env),
    signup: readSignup(env, readSmtpUrl(env)),
    signupsPerHour: readInteger(env, 'SIGNUPS_PER_HOUR', 5, 0, 1_000_000),
    mailFrom: env.MAIL_FROM?.trim() || 'Hiwar <no-reply@localhost>',
    broadcastRates: readBroadcastRates(env),
    deliveryRetryHours: readInteger(env, 'DELIVERY_RETRY_HOURS', 24, 1, 24 * 30),
    telegramApiUrl: readBaseUrl(env, 'TELEGRAM_API_URL', 'https://api.telegram.org'),
    facebookGraphUrl: readBaseUrl(env, 'FACEBOOK_GRAPH_URL', 'https://graph.facebook.com/v21.0'),
    facebookDialogUrl: readBaseUrl(env, 'FACEBOOK_DIALOG_URL', 'https://www.facebook.com/v21.0'),
    fbAppId: env.FB_APP_ID?.trim() ?? '',
    fbAppSecret: env.FB_APP_SECRET?.trim() ?? '',
    fbVerifyToken: env.FB_VERIFY_TOKEN?.trim() ?? '',
    whatsappApiUrl: readBaseUrl(env, 'WHATSAPP_API_URL', 'https://graph.facebook.com/v21.0'),
    googleChatApiUrl: readBaseUrl(env, 'GOOGLE_CHAT_API_URL', 'https://chat.googleapis.com'),
    googleChatJwksUrl: readBaseUrl(
      env,
      'GOOGLE_CHAT_JWKS_URL',
      'https://www.googleapis.com/service_accounts/v1/jwk/chat@system.gserviceaccount.com',
    ),
    googlePlacesApiKey: env.GOOGLE_PLACES_API_KEY?.trim() ?? '',
    googlePlacesUrl: readBaseUrl(env, 'GOOGLE_PLACES_URL', 'https://places.googleapis.com'),
    nominatimUrl: readBaseUrl(env, 'NOMINATIM_URL', '', 'https://nominatim.example.org'),
    googleSpeechUrl: readBaseUrl(env, 'GOOGLE_SPEECH_URL', 'https://speech.googleapis.com'),
  };
}
