import { WriteCache } from '../../platform/db/write-cache.ts';

/**
 * Tables whose writes never change what the bot caches hold: the conversations themselves (written on every
 * message), sign-ins, jobs, the NLU models (cached by their version, nlu/model-store.ts) and learned values (read
 * by the extractors). A write to any other table empties the bot caches.
 */
const UNRELATED_TABLES: ReadonlySet<string> = new Set([
  'conversation_turns',
  'sender_banks',
  'sender_preferences',
  'senders',
  'access_tokens',
  'login_failures',
  'social_signins',
  'jobs',
  'nlu_models',
  'nlu_learned_values',
]);

/**
 * How long another server process's change to a bot may go unseen here (several processes on one PostgreSQL);
 * this process's own changes are seen by the next message.
 */
const BOT_CACHE_MAX_AGE_MS = 1000;

/**
 * A cache of what every message reads of the owner's bot (chatbot settings, commands with their variables,
 * responses and advertises, the matchable commands), kept until the bot changes.
 */
export function botCache<V>(): WriteCache<V> {
  return new WriteCache<V>({
    tables: { allBut: UNRELATED_TABLES },
    maxAgeMs: BOT_CACHE_MAX_AGE_MS,
    maxEntries: 20_000,
  });
}
