import type { MenuItem, PersistentMenu } from '@hiwar/contracts';
import type { StoredChatbot } from '../../modules/chatbot/chatbot-service.ts';
import type { Database } from '../../platform/db/database.ts';
import { callGraph, GraphError } from '../../platform/facebook/graph-api.ts';
import { cutText } from '../channel-text.ts';
import { saveConnection, saveRoutes } from '../update-repository.ts';
import { FACEBOOK, type MessengerSettings } from './messenger-adapter.ts';
import { enabledPagesOf, type FacebookPage, pageIdOf, pageTokenOf } from './messenger-pages.ts';

/** Messenger's persistent menu: at most 20 items, titles at most 30 characters, no nesting any more. */
const MAX_MENU_ITEMS = 20;
const MAX_MENU_TITLE_LENGTH = 30;
export const SUBSCRIBED_FIELDS = 'messages,messaging_postbacks';

type CallToAction =
  | { type: 'postback'; title: string; payload: string }
  | { type: 'web_url'; title: string; url: string; webview_height_ratio: string };

/** The leaves of the chatbot's menu in order: Graph dropped nested menus, so a nested item gives its children. */
function callToActionsOf(items: readonly MenuItem[]): CallToAction[] {
  return items.flatMap((item): CallToAction[] => {
    if (item.type === 'nested') return callToActionsOf(item.call_to_actions);
    const title = cutText(`${item.emoji} ${item.title}`.trim(), MAX_MENU_TITLE_LENGTH);
    if (item.type === 'web_url') {
      return [
        { type: 'web_url', title, url: item.url.trim(), webview_height_ratio: item.webview_height_ratio },
      ];
    }
    return [{ type: 'postback', title, payload: item.payload }];
  });
}

/** The chatbot's menus as Graph's `persistent_menu`; Graph needs a `default` locale, so the first one is it. */
export function persistentMenuOf(menus: readonly PersistentMenu[]): Record<string, unknown>[] {
  const withItems = menus.filter((menu) => menu.call_to_actions.length > 0);
  const hasDefault = withItems.some((menu) => menu.locale === 'default');
  return withItems.map((menu, index) => ({
    locale: !hasDefault && index === 0 ? 'default' : menu.locale,
    composer_input_disabled: menu.composer_input_disabled,
    call_to_actions: callToActionsOf(menu.call_to_actions).slice(0, MAX_MENU_ITEMS),
  }));
}

/** The page's Messenger profile as the chatbot sets it: the get-started button and the persistent menu. */
export function messengerProfileOf(chatbot: StoredChatbot): Record<string, unknown> {
  const menu = persistentMenuOf(chatbot.chatbot_persistent_menus);
  const postback = chatbot.chatbot_start_button_postback.trim();
  return {
    ...(chatbot.chatbot_start_button_status === 1 &&
      postback !== '' && { get_started: { payload: postback } }),
    ...(menu.length > 0 && { persistent_menu: menu }),
  };
}

/** Subscribes the app to the page's messages and pushes its profile; throws Graph's refusal. */
export async function connectPage(settings: MessengerSettings, chatbot: StoredChatbot, page: FacebookPage) {
  const token = pageTokenOf(page);
  const options = { ...settings.callOptions, attempts: 2 };
  await callGraph(
    settings.graphUrl,
    {
      method: 'POST',
      path: `${encodeURIComponent(pageIdOf(page))}/subscribed_apps`,
      query: { subscribed_fields: SUBSCRIBED_FIELDS, access_token: token },
    },
    options,
  );
  const profile = messengerProfileOf(chatbot);
  const request =
    Object.keys(profile).length > 0
      ? {
          method: 'POST' as const,
          path: 'me/messenger_profile',
          query: { access_token: token },
          body: profile,
        }
      : {
          // nothing to show: take away what an earlier save pushed
          method: 'DELETE' as const,
          path: 'me/messenger_profile',
          query: { access_token: token },
          body: { fields: ['persistent_menu', 'get_started'] },
        };
  await callGraph(settings.graphUrl, request, options);
}

function pageName(page: FacebookPage): string {
  return page.chatbot_app_credentials.name.trim() || pageIdOf(page);
}

/**
 * Connects every page switched on (subscription and profile) and records one status for the channel: active
 * when every page took it, banned when Meta restricted one, else pending with Graph's reason per page.
 */
export async function connectPages(
  settings: MessengerSettings,
  db: Database,
  chatbot: StoredChatbot,
  webhookUrl: string,
): Promise<PageOutcome[]> {
  const pages = enabledPagesOf(chatbot);
  // the app's one webhook finds the owner of a page here
  await saveRoutes(db, chatbot.user_id, FACEBOOK, pages.map(pageIdOf));
  if (pages.length === 0) {
    await saveConnection(db, chatbot.user_id, FACEBOOK, {
      status: 'inactive',
      reason: '',
      account: '',
      webhookUrl: '',
    });
    return [];
  }
  const outcomes: PageOutcome[] = [];
  for (const page of pages) {
    try {
      await connectPage(settings, chatbot, page);
      outcomes.push({ pageId: pageIdOf(page), name: pageName(page), error: null, isRestricted: false });
    } catch (error) {
      const reason = error instanceof GraphError ? `Facebook answered: ${error.description}` : String(error);
      const isRestricted = error instanceof GraphError && error.isPageRestricted;
      outcomes.push({ pageId: pageIdOf(page), name: pageName(page), error: reason, isRestricted });
    }
  }
  const failed = outcomes.filter((outcome) => outcome.error !== null);
  await saveConnection(db, chatbot.user_id, FACEBOOK, {
    status: failed.some((outcome) => outcome.isRestricted)
      ? 'banned'
      : failed.length > 0
        ? 'pending'
        : 'active',
    reason: failed.map((outcome) => `${outcome.name}: ${outcome.error}`).join('; '),
    account: outcomes.map((outcome) => outcome.name).join(', '),
    webhookUrl,
  });
  return outcomes;
}

export interface PageOutcome {
  pageId: string;
  name: string;
  /** Graph's refusal, null when the page was subscribed and its profile pushed */
  error: string | null;
  isRestricted: boolean;
}

/** The address the app's webhook is set to for this chatbot (Meta's app dashboard, with a page's verify token). */
export function webhookUrlOf(baseUrl: string, chatbot: StoredChatbot): string {
  return `${baseUrl.replace(/\/+$/, '')}/hooks/messenger/${encodeURIComponent(chatbot.user_token)}`;
}
