import { randomBytes, timingSafeEqual } from 'node:crypto';
import {
  facebookCallbackQuery,
  facebookSigninQuery,
  loginResponse,
  messages,
  socialLoginRequest,
} from '@hiwar/contracts';
import type { FastifyRequest } from 'fastify';
import { issueAccessToken } from '../../platform/auth/access-tokens.ts';
import {
  isFacebookLoginConfigured,
  loginDialogUrl,
  readSignedState,
  signState,
} from '../../platform/facebook/facebook-login.ts';
import { type GraphCallOptions, GraphError } from '../../platform/facebook/graph-api.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { cookieHeader, readCookie } from '../../platform/http/cookies.ts';
import type { ApiApp, ModuleContext } from '../../platform/http/module.ts';
import { publicBaseUrl } from '../chatbot/chatbot-snippets.ts';
import { socialBrowserCookie, socialBrowserOf } from '../users/social-browser.ts';
import { takeSigninTicket } from '../users/social-signin-repository.ts';
import {
  type FacebookSigninOutcome,
  readFacebookProfile,
  SIGNIN_SCOPE,
  signInWithFacebook,
} from './facebook-signin.ts';
import { signInAnswerOf } from './login-service.ts';

const tags = ['passport'];
const STATE_PURPOSE = 'fb-signin';
/** The dialog must come back within this time. */
const STATE_LIFETIME_MS = 15 * 60_000;
/** The browser's half of the state: a random value in a cookie only this browser sends back. */
const STATE_COOKIE = 'hiwar_facebook_signin';
const COOKIE_PATH = '/api/passport/facebook';
const CALLBACK_PATH = '/api/passport/facebook/callback';

interface SigninState {
  nonce: string;
  /** the console path to open once signed in */
  redirect: string;
  expiresAt: number;
}

/** A console path (`/services?page=2`), never another origin (`//evil.example`). */
function consolePathOf(value: string | undefined): string {
  return value?.startsWith('/') && !value.startsWith('//') && !value.includes('\\') ? value : '/';
}

/** The state the callback got, if this server signed it, it is not old, and this browser holds its nonce. */
function readSigninState(request: FastifyRequest, secretKey: Buffer, text: string): SigninState | null {
  const state = readSignedState(secretKey, STATE_PURPOSE, text) as SigninState | null;
  const nonce = Buffer.from(readCookie(request, STATE_COOKIE) ?? '');
  if (typeof state?.nonce !== 'string' || typeof state.redirect !== 'string') return null;
  const expected = Buffer.from(state.nonce);
  const isThisBrowser = nonce.length === expected.length && timingSafeEqual(nonce, expected);
  return isThisBrowser && state.expiresAt > Date.now() ? state : null;
}

/** Where the console takes the browser next: the ticket's sign-in, the social register page, or the login page. */
function consoleHashOf(outcome: FacebookSigninOutcome, redirect: string): string {
  if (outcome.kind === 'register') return `#/user/social_register/${outcome.token}`;
  if (outcome.kind === 'refused') return `#/user/login?social_error=${outcome.reason}`;
  const query = redirect === '/' ? '' : `?redirect=${encodeURIComponent(redirect)}`;
  return `#/user/social_signin/${outcome.ticket}${query}`;
}

export interface FacebookSigninOptions {
  /** the Graph calls' retries (tests shorten the waits) */
  graphCallOptions?: GraphCallOptions;
}

/**
 * Sign-in with Facebook (spec part 1 §2, the login and register pages' button): `GET /passport/facebook` sends
 * the browser to Facebook Login's dialog with a state signed by the server and bound to this browser by a
 * cookie; the callback checks both, reads the person at the Graph API and sends the browser on to the console
 * (facebook-signin.ts decides where), with a cookie binding what it gives to this browser (social-browser.ts).
 * `POST /passport/social_login` trades the ticket of an existing account, from that browser, for its bearer
 * token. Without the operator's FB_APP_ID and FB_APP_SECRET the dialog's two routes answer 404.
 */
export function registerFacebookSigninRoutes(
  app: ApiApp,
  { db, config }: Pick<ModuleContext, 'db' | 'config'>,
  options: FacebookSigninOptions = {},
): void {
  const callOptions = { attempts: 2, ...options.graphCallOptions };
  const requireApp = () => {
    if (!isFacebookLoginConfigured(config)) throw new AppError('not_found');
  };
  const stateCookie = (request: FastifyRequest, value: string, maxAgeSeconds: number) =>
    cookieHeader(request, { name: STATE_COOKIE, value, path: COOKIE_PATH, maxAgeSeconds });

  app.get(
    '/passport/facebook',
    {
      schema: {
        tags,
        querystring: facebookSigninQuery,
        description:
          "Redirects (302) to Facebook Login's dialog; 404 when the operator set no FB_APP_ID/FB_APP_SECRET",
      },
    },
    async (request, reply) => {
      requireApp();
      const nonce = randomBytes(24).toString('base64url');
      const state: SigninState = {
        nonce,
        redirect: consolePathOf(request.query.redirect),
        expiresAt: Date.now() + STATE_LIFETIME_MS,
      };
      const redirectUri = `${publicBaseUrl(config.publicUrl, request)}${CALLBACK_PATH}`;
      reply.header('set-cookie', stateCookie(request, nonce, STATE_LIFETIME_MS / 1000));
      return reply.redirect(
        loginDialogUrl(config, {
          redirectUri,
          state: signState(config.secretKey, STATE_PURPOSE, state),
          scope: SIGNIN_SCOPE,
        }),
      );
    },
  );

  app.get(
    '/passport/facebook/callback',
    {
      schema: {
        tags,
        querystring: facebookCallbackQuery,
        description:
          "Facebook Login's redirect back: redirects (302) to the console's sign-in, social register or login page",
      },
    },
    async (request, reply) => {
      requireApp();
      const consoleUrl = `${publicBaseUrl(config.publicUrl, request)}/`;
      const state = readSigninState(request, config.secretKey, request.query.state ?? '');
      // the state's nonce, known to this browser alone, binds what the sign-in gives to it from here on
      reply.header('set-cookie', [
        stateCookie(request, '', 0),
        ...(state ? [socialBrowserCookie(request, state.nonce)] : []),
      ]);
      const finish = (outcome: FacebookSigninOutcome) =>
        reply.redirect(`${consoleUrl}${consoleHashOf(outcome, state?.redirect ?? '/')}`);
      if (!state) return finish({ kind: 'refused', reason: 'expired' });
      const code = request.query.code;
      if (request.query.error || !code) return finish({ kind: 'refused', reason: 'cancelled' });
      try {
        const redirectUri = `${publicBaseUrl(config.publicUrl, request)}${CALLBACK_PATH}`;
        const profile = await readFacebookProfile(config, { code, redirectUri }, callOptions);
        return finish(await signInWithFacebook(db, config, profile, state.nonce));
      } catch (error) {
        if (!(error instanceof GraphError)) throw error;
        request.log.warn(
          { path: error.path, status: error.status },
          `Facebook sign-in: ${error.description}`,
        );
        return finish({ kind: 'refused', reason: 'facebook' });
      }
    },
  );

  app.post(
    '/passport/social_login',
    { schema: { tags, body: socialLoginRequest, response: { 200: loginResponse } } },
    async (request) => {
      const userId = await takeSigninTicket(db, request.body.token, socialBrowserOf(request));
      if (userId === null) throw new AppError('not_found', messages.errorAccessToken);
      return signInAnswerOf(await issueAccessToken(db, userId, config.tokenTtlDays));
    },
  );
}
