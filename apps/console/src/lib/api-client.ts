import type { FieldErrors } from '@hiwar/contracts';
import { clearToken, getToken } from './auth-token.ts';

export const API_BASE = '/api';

/** Paths whose 401 means "wrong credentials", not "session expired". */
const CREDENTIAL_PATHS = ['/passport/login'];

/** Any answer that is not `status: 1`, or a request that got no answer. */
export class ApiError extends Error {
  /** HTTP status; 0 when the request never got an answer */
  readonly httpStatus: number;
  /** field → messages (422), or a single message about the whole form */
  readonly fieldErrors?: FieldErrors | string;
  constructor(message: string, httpStatus: number, fieldErrors?: FieldErrors | string) {
    super(message);
    this.httpStatus = httpStatus;
    this.fieldErrors = fieldErrors;
    this.name = 'ApiError';
  }

  get isNetworkFailure() {
    return this.httpStatus === 0;
  }
}

export interface Envelope {
  status: number;
  msg?: string;
  errors?: FieldErrors | string;
  [field: string]: unknown;
}

export type SuccessEnvelope<T extends object = Record<string, unknown>> = Envelope & { status: 1 } & T;

type Body = FormData | object | undefined;

function goToLogin(currentPath: string) {
  window.location.hash = `#/user/login?redirect=${encodeURIComponent(currentPath)}`;
}

/** Where a 401 sends the user; the router installs its own navigate so no full reload happens. */
const unauthorized = { handle: goToLogin };

export function setUnauthorizedHandler(handler: (currentPath: string) => void) {
  unauthorized.handle = handler;
}

function currentHashPath(): string {
  return window.location.hash.replace(/^#/, '') || '/';
}

function buildHeaders(body: Body): Headers {
  const headers = new Headers({ Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' });
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (body !== undefined && !(body instanceof FormData)) headers.set('Content-Type', 'application/json');
  return headers;
}

function encodeBody(body: Body): BodyInit | undefined {
  if (body === undefined || body instanceof FormData) return body;
  return JSON.stringify(body);
}

async function readEnvelope(response: Response): Promise<Envelope | null> {
  try {
    const value: unknown = await response.json();
    return value !== null && typeof value === 'object' ? (value as Envelope) : null;
  } catch {
    return null;
  }
}

function handleUnauthorized(path: string) {
  if (CREDENTIAL_PATHS.includes(path)) return;
  clearToken();
  const current = currentHashPath();
  if (!current.startsWith('/user/login')) unauthorized.handle(current);
}

/** Sends one call to the server and resolves with the envelope when `status === 1`; otherwise throws ApiError. */
export async function apiRequest<T extends object = Record<string, unknown>>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: Body,
): Promise<SuccessEnvelope<T>> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method,
      headers: buildHeaders(body),
      body: encodeBody(body),
    });
  } catch (cause) {
    throw new ApiError(cause instanceof Error ? cause.message : String(cause), 0);
  }
  if (response.status === 401) handleUnauthorized(path);
  const envelope = await readEnvelope(response);
  if (response.ok && envelope?.status === 1) return envelope as SuccessEnvelope<T>;
  throw new ApiError(envelope?.msg ?? response.statusText, response.status, envelope?.errors);
}

export interface DownloadedFile {
  blob: Blob;
  /** the answer's Content-Disposition header, which names the file */
  disposition: string | null;
}

/**
 * A call that answers a file (an export): signed in like `apiRequest`, the same 401 handling, and any answer
 * other than 2xx read as the envelope and thrown as ApiError.
 */
export async function apiDownload(path: string): Promise<DownloadedFile> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, { method: 'GET', headers: buildHeaders(undefined) });
  } catch (cause) {
    throw new ApiError(cause instanceof Error ? cause.message : String(cause), 0);
  }
  if (response.status === 401) handleUnauthorized(path);
  if (!response.ok) {
    const envelope = await readEnvelope(response);
    throw new ApiError(envelope?.msg ?? response.statusText, response.status, envelope?.errors);
  }
  return { blob: await response.blob(), disposition: response.headers.get('content-disposition') };
}

export const api = {
  get: <T extends object = Record<string, unknown>>(path: string) => apiRequest<T>('GET', path),
  post: <T extends object = Record<string, unknown>>(path: string, body?: Body) =>
    apiRequest<T>('POST', path, body ?? {}),
};
