import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../config.ts';
import { callGraph, type GraphCallOptions } from './graph-api.ts';

/**
 * Facebook Login as both of its uses run it — the Messenger channel's page login and the console's sign-in with
 * Facebook: the operator's app, the dialog's address, a state signed with the server's key, and the code
 * exchanged for a user access token at the Graph API.
 */

/** Both halves of the operator's app are needed: the id for the dialog, the secret for the code. */
export function isFacebookLoginConfigured(app: Pick<Config, 'fbAppId' | 'fbAppSecret'>): boolean {
  return app.fbAppId !== '' && app.fbAppSecret !== '';
}

/** `{FACEBOOK_DIALOG_URL}/dialog/oauth` asking for `scope`, coming back to `redirectUri` with `state`. */
export function loginDialogUrl(
  app: Pick<Config, 'fbAppId' | 'facebookDialogUrl'>,
  request: { redirectUri: string; state: string; scope: string },
): string {
  const dialog = new URL(`${app.facebookDialogUrl.replace(/\/+$/, '')}/dialog/oauth`);
  dialog.searchParams.set('client_id', app.fbAppId);
  dialog.searchParams.set('redirect_uri', request.redirectUri);
  dialog.searchParams.set('state', request.state);
  dialog.searchParams.set('scope', request.scope);
  dialog.searchParams.set('response_type', 'code');
  return dialog.href;
}

const macOf = (secretKey: Buffer, purpose: string, body: string) =>
  createHmac('sha256', secretKey).update(`${purpose}\n${body}`).digest();

/**
 * A value as `<base64url JSON>.<HMAC-SHA256 with the server's key>`, so nothing is stored between the dialog and
 * its callback; `purpose` keeps one login's state from being read as the other's.
 */
export function signState(secretKey: Buffer, purpose: string, value: object): string {
  const body = Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${body}.${macOf(secretKey, purpose, body).toString('base64url')}`;
}

/** The value of a state this server signed for `purpose`, or null (a forged, altered or foreign one). */
export function readSignedState(secretKey: Buffer, purpose: string, text: string): unknown {
  const [body = '', mac = ''] = text.split('.');
  const expected = macOf(secretKey, purpose, body);
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as unknown;
  } catch {
    return null;
  }
}

/**
 * `appsecret_proof` for a call made with a user's token: Graph refuses a stolen token without it when the app
 * requires it (the "Require App Secret" setting), and accepts it always.
 */
export function appSecretProofOf(app: Pick<Config, 'fbAppSecret'>, accessToken: string): string {
  return createHmac('sha256', app.fbAppSecret).update(accessToken).digest('hex');
}

/**
 * The dialog's code exchanged for the user's access token at `{graphUrl}/oauth/access_token`, with the same
 * redirect_uri the dialog was given.
 */
export async function exchangeLoginCode(
  graphUrl: string,
  app: Pick<Config, 'fbAppId' | 'fbAppSecret'>,
  request: { code: string; redirectUri: string },
  options: GraphCallOptions = {},
): Promise<string> {
  const answer = await callGraph<{ access_token?: string }>(
    graphUrl,
    {
      method: 'GET',
      path: 'oauth/access_token',
      query: {
        client_id: app.fbAppId,
        client_secret: app.fbAppSecret,
        redirect_uri: request.redirectUri,
        code: request.code,
      },
    },
    options,
  );
  return answer.access_token ?? '';
}
