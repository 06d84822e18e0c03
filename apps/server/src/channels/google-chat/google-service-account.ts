import { createHash } from 'node:crypto';
import { importPKCS8, SignJWT } from 'jose';
import { errorText } from '../../platform/error-text.ts';
import { type GoogleCallOptions, GoogleChatError, withRetries } from './google-chat-api.ts';

/** The scope a Chat app posts messages with. */
export const CHAT_BOT_SCOPE = 'https://www.googleapis.com/auth/chat.bot';

const JWT_BEARER_GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

/** The token addresses Google writes into service account keys. */
const GOOGLE_TOKEN_URIS = [
  'https://oauth2.googleapis.com/token',
  'https://accounts.google.com/o/oauth2/token',
];

/** A token is used until this long before Google said it expires (half its lifetime for a short one). */
const EXPIRY_MARGIN_MS = 5 * 60_000;

export interface ServiceAccountKey {
  clientEmail: string;
  privateKey: string;
  tokenUri: string;
}

/** Why a pasted key cannot be used, in the words the chatbot screen shows. */
export class ServiceAccountError extends Error {
  readonly reason: string;
  constructor(reason: string) {
    super(reason);
    this.reason = reason;
    this.name = 'ServiceAccountError';
  }
}

const textField = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/**
 * The service account JSON key the owner pasted (hangouts credentials `credentials`). Its `token_uri` is
 * Google's — or, for an operator who points GOOGLE_CHAT_API_URL at a stand-in, that stand-in's host: the owner's
 * text never makes the server post to an address of the owner's choosing.
 */
export function parseServiceAccount(credentials: string, chatApiUrl: string): ServiceAccountKey {
  let parsed: unknown;
  try {
    parsed = JSON.parse(credentials);
  } catch {
    throw new ServiceAccountError('The service account key is not valid JSON');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new ServiceAccountError('The service account key is not valid JSON');
  }
  const key = parsed as Record<string, unknown>;
  const clientEmail = textField(key.client_email);
  const privateKey = typeof key.private_key === 'string' ? key.private_key : '';
  const tokenUri = textField(key.token_uri);
  const missing = [
    ...(clientEmail === '' ? ['client_email'] : []),
    ...(privateKey.trim() === '' ? ['private_key'] : []),
    ...(tokenUri === '' ? ['token_uri'] : []),
  ];
  if (missing.length > 0) {
    throw new ServiceAccountError(`The service account key lacks ${missing.join(', ')}`);
  }
  if (!isTrustedTokenUri(tokenUri, chatApiUrl)) {
    throw new ServiceAccountError("The service account key's token_uri is not Google's");
  }
  return { clientEmail, privateKey, tokenUri };
}

function isTrustedTokenUri(tokenUri: string, chatApiUrl: string): boolean {
  if (GOOGLE_TOKEN_URIS.includes(tokenUri)) return true;
  try {
    const isGoogleChat = new URL(chatApiUrl).origin === 'https://chat.googleapis.com';
    return !isGoogleChat && new URL(tokenUri).origin === new URL(chatApiUrl).origin;
  } catch {
    return false;
  }
}

async function signAssertion(key: ServiceAccountKey, scope: string): Promise<string> {
  let signingKey: Awaited<ReturnType<typeof importPKCS8>>;
  try {
    signingKey = await importPKCS8(key.privateKey, 'RS256');
  } catch {
    throw new ServiceAccountError("The service account key's private_key cannot be read");
  }
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ scope })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuer(key.clientEmail)
    .setAudience(key.tokenUri)
    .setIssuedAt(now)
    .setExpirationTime(now + 3600)
    .sign(signingKey);
}

interface TokenAnswer {
  access_token?: string;
  expires_in?: number;
  error?: string;
  error_description?: string;
}

async function requestToken(key: ServiceAccountKey, scope: string, options: GoogleCallOptions) {
  const assertion = await signAssertion(key, scope);
  const body = new URLSearchParams({ grant_type: JWT_BEARER_GRANT, assertion }).toString();
  return withRetries(options, async () => {
    let response: Response;
    try {
      response = await fetch(key.tokenUri, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
    } catch (error) {
      throw new GoogleChatError('token', 0, errorText(error));
    }
    const answer = (await response.json().catch(() => ({}))) as TokenAnswer;
    if (response.ok && typeof answer.access_token === 'string' && answer.access_token !== '') {
      return { accessToken: answer.access_token, expiresInS: Number(answer.expires_in) || 3600 };
    }
    throw new GoogleChatError(
      'token',
      response.status,
      answer.error_description || answer.error || response.statusText || 'failed',
    );
  });
}

/**
 * OAuth access tokens for service accounts (the JWT bearer grant) for one scope (Google Chat's unless given; the
 * messenger's speech asks for cloud-platform), kept per chatbot and key until five minutes before they expire. A token Google later refuses is forgotten with `forget`.
 */
export function createAccessTokens(options: GoogleCallOptions = {}, scope = CHAT_BOT_SCOPE) {
  const cache = new Map<string, { accessToken: string; expiresAt: number }>();
  const cacheKey = (owner: number, key: ServiceAccountKey) =>
    `${owner}\n${key.clientEmail}\n${createHash('sha256').update(key.privateKey).digest('base64url')}`;

  return {
    /** An access token for the chatbot's key: cached, else asked of the key's token_uri. */
    async tokenFor(owner: number, key: ServiceAccountKey, callOptions?: GoogleCallOptions): Promise<string> {
      const name = cacheKey(owner, key);
      const cached = cache.get(name);
      if (cached && cached.expiresAt > Date.now()) return cached.accessToken;
      const { accessToken, expiresInS } = await requestToken(key, scope, { ...options, ...callOptions });
      const lifetimeMs = expiresInS * 1000;
      const margin = Math.min(EXPIRY_MARGIN_MS, lifetimeMs / 2);
      cache.set(name, { accessToken, expiresAt: Date.now() + lifetimeMs - margin });
      return accessToken;
    },
    forget(owner: number, key: ServiceAccountKey): void {
      cache.delete(cacheKey(owner, key));
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;
