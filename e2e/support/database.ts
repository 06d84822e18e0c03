import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import type { RunningServer } from './server.ts';

/**
 * Opens the running server's embedded database (DATA_DIR/hiwar.sqlite, in WAL mode, so the server keeps
 * writing meanwhile) for seeding what no screen makes in bulk; `use` runs with it open.
 */
function withDatabase<T>(server: RunningServer, use: (database: SQLite.Database) => T): T {
  const database = new SQLite(join(server.dataDir, 'hiwar.sqlite'));
  database.pragma('busy_timeout = 5000');
  try {
    return use(database);
  } finally {
    database.close();
  }
}

/**
 * Adds `count` active web messenger subscribers (sender ids `{prefix}-1` …) to the channel, in one transaction,
 * as the `sub` response would for senders who never gave a variable.
 */
export function addWebSubscribers(server: RunningServer, channelId: number, count: number, prefix: string) {
  withDatabase(server, (database) => {
    const channel = database
      .prepare('select user_id from subscription_channels where sc_id = ?')
      .get(channelId) as { user_id: number } | undefined;
    if (!channel) throw new Error(`no subscription channel ${channelId}`);
    const insert = database.prepare(
      `insert into subscribers (channel_id, user_id, platform, sender_id, vars, status)
       values (?, ?, 'web', ?, '{}', 'active')`,
    );
    database.transaction(() => {
      for (let index = 1; index <= count; index += 1)
        insert.run(channelId, channel.user_id, `${prefix}-${index}`);
    })();
  });
}
