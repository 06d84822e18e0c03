import type { FastifyBaseLogger } from 'fastify';
import type { SecretBox } from '../../../platform/crypto/secret-box.ts';
import type { Database } from '../../../platform/db/database.ts';
import { ownerMailer } from '../../../platform/mail/mailer.ts';
import type { OutboundGuard } from '../../../platform/net/outbound-guard.ts';
import type { OutboundHttp } from '../../../platform/net/outbound-http.ts';
import { mailAccountOf } from '../../users/profile-view.ts';
import { findUserById } from '../../users/user-repository.ts';
import type { PerformAction } from './action-dispatcher.ts';
import type { OutboundAction } from './outbound-actions.ts';

export interface ActionPerformerDeps {
  db: Database;
  secrets: SecretBox;
  smtpUrl: string | null;
  mailFrom: string;
  guard: OutboundGuard;
  http: OutboundHttp;
  log: FastifyBaseLogger;
}

type ApiAction = Extract<OutboundAction, { kind: 'api' }>;

/** The request an api action makes: get puts the parameters in the query, post sends JSON, pars a form. */
export function apiRequestOf(action: ApiAction): {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
} {
  if (action.requestType === 'get') {
    const url = new URL(action.url);
    for (const [name, value] of Object.entries(action.params)) url.searchParams.append(name, value);
    return { url: url.toString(), method: 'GET', headers: action.headers };
  }
  const isJson = action.requestType === 'post';
  return {
    url: action.url,
    method: 'POST',
    headers: {
      ...action.headers,
      'content-type': isJson ? 'application/json' : 'application/x-www-form-urlencoded',
    },
    body: isJson ? JSON.stringify(action.params) : new URLSearchParams(action.params).toString(),
  };
}

/** Sends queued actions: mail through the owner's mailer, api calls through the outbound client. */
export function actionPerformer(deps: ActionPerformerDeps): PerformAction {
  return async ({ userId, action }) => {
    if (action.kind === 'mail') {
      const owner = await findUserById(deps.db, userId);
      if (!owner) throw new Error('the owner is gone');
      const mailer = await ownerMailer(
        { smtpUrl: deps.smtpUrl, mailFrom: deps.mailFrom, guard: deps.guard, log: deps.log },
        mailAccountOf(owner, deps.secrets),
      );
      await mailer.send({ to: action.to, subject: action.subject, text: action.text });
      return;
    }
    const request = apiRequestOf(action);
    const answer = await deps.http.request(request.url, {
      method: request.method,
      headers: request.headers,
      ...(request.body !== undefined && { body: request.body }),
    });
    if (answer.status < 200 || answer.status >= 300)
      throw new Error(`the server answered HTTP ${answer.status}`);
  };
}
