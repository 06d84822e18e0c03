import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { findSession, type Session } from '../auth/access-tokens.ts';
import type { Database } from '../db/database.ts';
import { AppError } from './app-error.ts';

declare module 'fastify' {
  interface FastifyRequest {
    session: Session | null;
  }
}

function bearerTokenOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

/** An onRequest hook (runs before the body is read) that answers 401 unless the request carries a valid bearer token; sets `request.session`. */
export function createAuthGuard(app: FastifyInstance, db: Database): onRequestAsyncHookHandler {
  app.decorateRequest('session', null);
  return async (request) => {
    const token = bearerTokenOf(request);
    const session = token ? await findSession(db, token) : null;
    if (!session) throw new AppError('unauthenticated');
    request.session = session;
  };
}

/** The signed-in user of a route protected by the auth guard. */
export function sessionOf(request: FastifyRequest): Session {
  if (!request.session) throw new AppError('unauthenticated');
  return request.session;
}
