import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { findChatbotByPublicToken, getChatbot, saveChatbot } from '../../modules/chatbot/chatbot-service.ts';
import { publicBaseUrl } from '../../modules/chatbot/chatbot-snippets.ts';
import {
  exchangeLoginCode,
  isFacebookLoginConfigured,
  loginDialogUrl,
  readSignedState,
  signState as signAnyState,
} from '../../platform/facebook/facebook-login.ts';
import { callGraph, GraphError } from '../../platform/facebook/graph-api.ts';
import type { ApiApp } from '../../platform/http/module.ts';
import type { ChannelContext } from '../channel-adapter.ts';
import type { MessengerSettings } from './messenger-adapter.ts';
import {
  type ListedPage,
  popupHelmet,
  renderChoosePage,
  renderMessagePage,
  renderNotConfiguredPage,
  renderResultPage,
} from './messenger-login-pages.ts';
import type { FacebookPage } from './messenger-pages.ts';
import { connectPages, webhookUrlOf } from './messenger-profile.ts';

/** What the app asks the owner for: their pages, to message on them, to subscribe the app to them. */
export const LOGIN_SCOPE = 'pages_show_list,pages_messaging,pages_manage_metadata';
/** The popup's steps must be done within this time. */
const STATE_LIFETIME_MS = 15 * 60_000;
const MAX_PAGES = 50;

interface LoginState {
  /** the step it is for: the dialog's redirect, or the page form */
  step: 'login' | 'pages';
  userId: number;
  expiresAt: number;
  /** the owner's user access token, sealed by the server's secret box (the form step lists the pages again) */
  sealedToken?: string;
}

/** The popup's state, signed with the server's key: nothing to store between the steps. */
export function signState(secretKey: Buffer, state: LoginState): string {
  return signAnyState(secretKey, 'fb-login', state);
}

export function readState(secretKey: Buffer, text: string, step: LoginState['step'], now = Date.now()) {
  const state = readSignedState(secretKey, 'fb-login', text) as LoginState | null;
  return state?.step === step && Number.isSafeInteger(state.userId) && state.expiresAt > now ? state : null;
}

interface GraphPage {
  id: string;
  name: string;
  access_token: string;
}

/** The chosen pages switched on with their page tokens; a page added again keeps its verify token. */
export function withChosenPages(
  existing: readonly FacebookPage[],
  chosen: readonly GraphPage[],
): FacebookPage[] {
  const pages = existing.map((page) => ({
    ...page,
    chatbot_app_credentials: { ...page.chatbot_app_credentials },
  }));
  for (const graphPage of chosen) {
    const known = pages.find((page) => page.chatbot_app_credentials.page_id === graphPage.id);
    const credentials = {
      name: graphPage.name.slice(0, 190),
      page_id: graphPage.id,
      access_token: graphPage.access_token,
      verify_token: known?.chatbot_app_credentials.verify_token || randomBytes(24).toString('base64url'),
    };
    if (known) Object.assign(known, { chatbot_app_status: 1, chatbot_app_credentials: credentials });
    else pages.push({ chatbot_app_status: 1, chatbot_app_credentials: credentials });
  }
  return pages.slice(0, MAX_PAGES);
}

const html = 'text/html; charset=utf-8';
const loginParams = z.object({ userId: z.string().max(20) });
const loginQuery = z.object({ token: z.string().max(200).optional() });
const callbackQuery = z.object({
  code: z.string().max(2000).optional(),
  state: z.string().max(4000).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(1000).optional(),
});
const pagesForm = z.object({
  state: z.string().max(8000),
  page_id: z.array(z.string().max(100)).max(MAX_PAGES),
});

/**
 * The Facebook Login popup (`/authorize/fb/{user_id}?token=…`, 550 × 550): the dialog, the owner's pages with
 * checkboxes, and the chosen pages stored encrypted in the chatbot's `apps.facebook` and subscribed.
 * `app` is the scope that parses forms (messenger-channel.ts).
 */
export function registerLoginRoutes(app: ApiApp, context: ChannelContext, settings: MessengerSettings): void {
  const { db, config, secrets } = context;
  const isConfigured = () => isFacebookLoginConfigured(config);
  const redirectUriOf = (request: { protocol: string; host: string }) =>
    `${publicBaseUrl(config.publicUrl, request)}/authorize/fb/callback`;
  const graph = <T>(path: string, query: Record<string, string>) =>
    callGraph<T>(settings.graphUrl, { method: 'GET', path, query }, { ...settings.callOptions, attempts: 2 });
  const listPages = async (userToken: string) =>
    (
      await graph<{ data?: GraphPage[] }>('me/accounts', {
        fields: 'id,name,access_token',
        limit: '100',
        access_token: userToken,
      })
    ).data ?? [];

  app.get(
    '/authorize/fb/:userId',
    { schema: { hide: true, params: loginParams, querystring: loginQuery }, helmet: popupHelmet },
    async (request, reply) => {
      if (!isConfigured()) return reply.type(html).send(renderNotConfiguredPage());
      const chatbot = await findChatbotByPublicToken(db, request.query.token ?? '', secrets);
      if (!chatbot || String(chatbot.user_id) !== request.params.userId) {
        return reply
          .code(404)
          .type(html)
          .send(
            renderMessagePage(
              'Not found',
              'This link does not belong to a chatbot. Open it again from the chatbot screen.',
            ),
          );
      }
      const state = signState(config.secretKey, {
        step: 'login',
        userId: chatbot.user_id,
        expiresAt: Date.now() + STATE_LIFETIME_MS,
      });
      return reply.redirect(
        loginDialogUrl(config, { redirectUri: redirectUriOf(request), state, scope: LOGIN_SCOPE }),
      );
    },
  );

  app.get(
    '/authorize/fb/callback',
    { schema: { hide: true, querystring: callbackQuery }, helmet: popupHelmet },
    async (request, reply) => {
      if (!isConfigured()) return reply.type(html).send(renderNotConfiguredPage());
      const state = readState(config.secretKey, request.query.state ?? '', 'login');
      if (!state) {
        const message =
          'This sign-in has expired or was not started here. Close this window and add the page again.';
        return reply.code(400).type(html).send(renderMessagePage('Sign-in expired', message));
      }
      if (request.query.error || !request.query.code) {
        const message = request.query.error_description ?? 'Facebook Login was cancelled. Close this window.';
        return reply.type(html).send(renderMessagePage('Not connected', message));
      }
      try {
        const userToken = await exchangeLoginCode(
          settings.graphUrl,
          config,
          { code: request.query.code, redirectUri: redirectUriOf(request) },
          { ...settings.callOptions, attempts: 2 },
        );
        const pages = await listPages(userToken);
        const formState = signState(config.secretKey, {
          step: 'pages',
          userId: state.userId,
          expiresAt: Date.now() + STATE_LIFETIME_MS,
          sealedToken: secrets.encrypt(userToken),
        });
        const listed: ListedPage[] = pages.map((page) => ({ id: page.id, name: page.name }));
        return reply.type(html).send(renderChoosePage(listed, formState, '/authorize/fb/pages'));
      } catch (error) {
        const message =
          error instanceof GraphError ? `Facebook answered: ${error.description}` : String(error);
        return reply.code(502).type(html).send(renderMessagePage('Not connected', message));
      }
    },
  );

  app.post(
    '/authorize/fb/pages',
    { schema: { hide: true, body: pagesForm }, helmet: popupHelmet },
    async (request, reply) => {
      if (!isConfigured()) return reply.type(html).send(renderNotConfiguredPage());
      const state = readState(config.secretKey, request.body.state, 'pages');
      if (!state?.sealedToken) {
        const message = 'This sign-in has expired. Close this window and add the page again.';
        return reply.code(400).type(html).send(renderMessagePage('Sign-in expired', message));
      }
      const chosenIds = new Set(request.body.page_id);
      if (chosenIds.size === 0)
        return reply.type(html).send(renderMessagePage('No page chosen', 'Close this window.'));
      let chosen: GraphPage[];
      try {
        // listed again with the owner's token: only a page Facebook gives them can be added, with its own token
        chosen = (await listPages(secrets.decrypt(state.sealedToken))).filter((page) =>
          chosenIds.has(page.id),
        );
      } catch (error) {
        const message =
          error instanceof GraphError ? `Facebook answered: ${error.description}` : String(error);
        return reply.code(502).type(html).send(renderMessagePage('Not connected', message));
      }
      const {
        chatbot_id: _id,
        user_id: _user,
        user_token: _token,
        ...current
      } = await getChatbot(db, state.userId, secrets);
      const facebook = withChosenPages(current.apps.facebook, chosen);
      await saveChatbot({ db, secrets }, state.userId, { ...current, apps: { ...current.apps, facebook } });
      const saved = await getChatbot(db, state.userId, secrets);
      const webhookUrl = webhookUrlOf(publicBaseUrl(config.publicUrl, request), saved);
      const outcomes = await connectPages(settings, db, saved, webhookUrl);
      const results = chosen.map((page) => ({
        name: page.name,
        error: outcomes.find((outcome) => outcome.pageId === page.id)?.error ?? null,
      }));
      return reply.type(html).send(renderResultPage(results));
    },
  );
}

/** A form body (`application/x-www-form-urlencoded`) as an object: a repeated field (page_id) as a list. */
export function parseForm(text: string): { state: string; page_id: string[] } {
  const form = new URLSearchParams(text);
  return { state: form.get('state') ?? '', page_id: form.getAll('page_id') };
}
