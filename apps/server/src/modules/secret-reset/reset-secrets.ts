import type { SecretBox } from '../../platform/crypto/secret-box.ts';
import type { Database } from '../../platform/db/database.ts';
import { fromJson, toJson } from '../../platform/db/json.ts';
import {
  clearDataSourcePassword,
  recordResets,
  rowsWithSecrets,
  updateChatbotSecrets,
  updateUserSecrets,
} from './secret-reset-repository.ts';

const SEALED = 'enc:v1:';

function isUnreadable(secrets: SecretBox, value: string): boolean {
  if (!value.startsWith(SEALED)) return false;
  try {
    secrets.decrypt(value);
    return false;
  } catch {
    return true;
  }
}

/** The JSON with every sealed string the key cannot open emptied; `cleared` counts them. */
function emptyUnreadable(secrets: SecretBox, value: unknown, cleared: { count: number }): unknown {
  if (typeof value === 'string') {
    if (!isUnreadable(secrets, value)) return value;
    cleared.count += 1;
    return '';
  }
  if (Array.isArray(value)) return value.map((item) => emptyUnreadable(secrets, item, cleared));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, emptyUnreadable(secrets, item, cleared)]),
    );
  }
  return value;
}

interface Reset {
  user_id: number;
  place: string;
}

/** A JSON column's text with its unreadable secrets emptied, or null when every secret in it is readable. */
function sweptColumn(secrets: SecretBox, text: string): string | null {
  const cleared = { count: 0 };
  const value = emptyUnreadable(secrets, fromJson<unknown>(text, null), cleared);
  return cleared.count > 0 ? toJson(value) : null;
}

/**
 * A chatbot's `apps` with its unreadable secrets emptied, and which channels lost one (`telegram`,
 * `facebook:<page id>`…), in one walk; null when every secret in it is readable.
 */
function sweptApps(secrets: SecretBox, text: string): { text: string; places: string[] } | null {
  const places: string[] = [];
  const sweep = (entry: unknown, place: string) => {
    const cleared = { count: 0 };
    const swept = emptyUnreadable(secrets, entry, cleared);
    if (cleared.count > 0) places.push(place);
    return swept;
  };
  const apps = Object.fromEntries(
    Object.entries(fromJson<Record<string, unknown>>(text, {})).map(([channel, settings]) => {
      if (!Array.isArray(settings)) return [channel, sweep(settings, channel)];
      const pages = settings.map((page, index) => {
        const pageId = (page as { chatbot_app_credentials?: { page_id?: string } })?.chatbot_app_credentials
          ?.page_id;
        return sweep(page, `${channel}:${pageId || index}`);
      });
      return [channel, pages];
    }),
  );
  return places.length > 0 ? { text: toJson(apps), places } : null;
}

/**
 * Every secret sealed with another key than `secrets`' — channel tokens, the speech credentials, the mail and
 * customer support passwords, data source passwords, the messenger's identity secret. `apply: false` only counts them (is this the data's
 * key?); `apply: true` empties them, and records per owner what was emptied, for the console to name.
 */
export async function sweepUnreadableSecrets(
  db: Database,
  secrets: SecretBox,
  apply: boolean,
): Promise<{ cleared: number; places: Reset[] }> {
  const { users, chatbots, dataSources } = await rowsWithSecrets(db);
  const places: Reset[] = [];
  const work: Promise<void>[] = [];
  for (const user of users) {
    const mail = sweptColumn(secrets, user.mail_server_cred);
    const support = sweptColumn(secrets, user.customer_support);
    if (mail) places.push({ user_id: user.user_id, place: 'mail_server' });
    if (support) places.push({ user_id: user.user_id, place: 'customer_support' });
    if (apply && (mail || support)) {
      work.push(
        updateUserSecrets(db, user.user_id, {
          ...(mail && { mail_server_cred: mail }),
          ...(support && { customer_support: support }),
        }),
      );
    }
  }
  for (const chatbot of chatbots) {
    const apps = sweptApps(secrets, chatbot.apps);
    const messenger = sweptColumn(secrets, chatbot.messenger_settings);
    for (const place of apps?.places ?? []) places.push({ user_id: chatbot.user_id, place });
    // an unreadable identity secret turns verification off: the owner turns it on again for a new secret
    const identity = isUnreadable(secrets, chatbot.identity_secret);
    if (messenger) places.push({ user_id: chatbot.user_id, place: 'voice' });
    if (identity) places.push({ user_id: chatbot.user_id, place: 'identity_verification' });
    if (apply && (apps || messenger || identity)) {
      work.push(
        updateChatbotSecrets(db, chatbot.chatbot_id, {
          ...(apps && { apps: apps.text }),
          ...(messenger && { messenger_settings: messenger }),
          ...(identity && { identity_secret: '' }),
        }),
      );
    }
  }
  for (const source of dataSources) {
    if (!isUnreadable(secrets, source.password)) continue;
    places.push({ user_id: source.user_id, place: `data_source:${source.data_source_id}` });
    if (apply) work.push(clearDataSourcePassword(db, source.data_source_id));
  }
  await Promise.all(work);
  if (apply) await recordResets(db, places);
  return { cleared: places.length, places };
}
