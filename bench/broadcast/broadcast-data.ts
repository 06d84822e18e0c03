import type { BenchDatabase } from './bench-database.ts';

/** The cities subscribers gave (`city`, one in four each): the channel's variable values, as real ones have. */
const CITY = "(case seq.i % 4 when 0 then 'Cairo' when 1 then 'Berlin' when 2 then 'Amman' else 'Dubai' end)";

function seriesOf(db: BenchDatabase): string {
  return db.dialect === 'postgres'
    ? 'generate_series(1, ?::int) as seq(i)'
    : '(with recursive numbers(i) as (select 1 union all select i + 1 from numbers where i < ?) select i from numbers) as seq';
}

/**
 * Puts `count` active web messenger subscribers in the channel, each with a `city` value (`subscribers.vars`
 * and its `subscriber_values` row), written directly in one transaction — subscribing through a conversation
 * is what the integration tests cover; here only the send is measured. Answers the milliseconds it took.
 */
export async function insertWebSubscribers(
  db: BenchDatabase,
  channel: { id: number; userId: number },
  count: number,
): Promise<number> {
  return insertSubscribers(db, channel, count, 'web');
}

/** The first Telegram chat id the bench's Telegram subscribers get (chat ids chatBase + 1 … chatBase + count). */
export const TELEGRAM_CHAT_BASE = 5_000_000_000;

/**
 * As insertWebSubscribers, for `platform`: web subscribers are `bench-web-<i>`, Telegram ones private chats
 * whose chat id (the sender id) is TELEGRAM_CHAT_BASE + i.
 */
export async function insertSubscribers(
  db: BenchDatabase,
  channel: { id: number; userId: number },
  count: number,
  platform: 'web' | 'telegram',
): Promise<number> {
  const started = performance.now();
  const isPostgres = db.dialect === 'postgres';
  const senderId =
    platform === 'web'
      ? "'bench-web-' || seq.i"
      : isPostgres
        ? `(${TELEGRAM_CHAT_BASE}::bigint + seq.i)::text`
        : `cast(${TELEGRAM_CHAT_BASE} + seq.i as text)`;
  const vars = isPostgres ? `json_build_object('city', ${CITY})::jsonb` : `'{"city":"' || ${CITY} || '"}'`;
  const cityOfVars = isPostgres ? "vars->>'city'" : "json_extract(vars, '$.city')";
  const channelParam = isPostgres ? '?::bigint' : '?';
  await db.run('begin');
  try {
    await db.run(
      `insert into subscribers (channel_id, user_id, platform, sender_id, vars)
        select ${channelParam}, ${channelParam}, ?, ${senderId}, ${vars} from ${seriesOf(db)}`,
      [channel.id, channel.userId, platform, count],
    );
    await db.run(
      `insert into subscriber_values (subscriber_id, channel_id, name, value)
        select id, channel_id, 'city', ${cityOfVars} from subscribers where channel_id = ?`,
      [channel.id],
    );
    await db.run('commit');
  } catch (error) {
    await db.run('rollback');
    throw error;
  }
  // a channel that grew to this size has its statistics (autovacuum would have analysed it by then)
  if (isPostgres) {
    await db.run('analyze subscribers');
    await db.run('analyze subscriber_values');
  }
  return performance.now() - started;
}

export async function ownerOfChannel(db: BenchDatabase, channelId: number): Promise<number> {
  const [row] = await db.query('select user_id from subscription_channels where sc_id = ?', [channelId]);
  return Number(row.user_id);
}
