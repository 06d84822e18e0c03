import { TRAFFIC_TABLES } from '../../platform/db/traffic-tables.ts';
import { WriteCache } from '../../platform/db/write-cache.ts';

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
    tables: { allBut: TRAFFIC_TABLES },
    maxAgeMs: BOT_CACHE_MAX_AGE_MS,
    maxEntries: 20_000,
  });
}
