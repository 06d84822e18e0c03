import type { LatencySummary } from '../chat/load-pacing.ts';

/** One run of chats (channels-load.ts). */
export interface ChannelsLoad {
  chats: number;
  seconds: number;
  /** updates/s offered by all the chats together */
  rate: number;
  /** the first chat's id; each run takes its own range */
  chatBase: number;
  /** the first update_id; each run takes its own range */
  updateIdBase: number;
  /** after the last update was sent and answered (or given up), how long late replies are still counted */
  graceMs: number;
}

export interface ChannelsLoadFigures {
  /** distinct updates sent (a redelivery is not counted again) */
  updates: number;
  redelivered: number;
  sendingSeconds: number;
  /** the webhook's HTTP statuses, redeliveries included */
  statuses: Record<string, number>;
  /** first deliveries' acknowledgement latency (ms) */
  ack: LatencySummary;
  redeliveryAck: LatencySummary;
  /** update sent → its sendMessage at the fake (ms) */
  reply: LatencySummary;
  answered: number;
  lost: number;
  /** updates answered more than once, and how many of them were redelivered ones */
  doubled: number;
  doubledRedelivered: number;
  extraReplies: number;
  /** sendMessage calls to a chat the bench never wrote in */
  unmatchedReplies: number;
  /** the webhook's max_connections: the sockets the chats share */
  maxConnections: number;
}

/** The outage run (channels-outage.ts). */
export interface OutageLoad {
  chats: number;
  /** updates/s the chats offer together while they write */
  rate: number;
  /** how long every sendMessage answers 500 */
  outageSeconds: number;
  chatBase: number;
  updateIdBase: number;
  /** the longest the bench waits after the recovery for the backlog */
  drainLimitSeconds: number;
  /** messages a second the fake takes from the bot after the recovery (Telegram's bulk limit, about 30) */
  telegramRate: number;
  graceMs: number;
}

export interface OutageFigures {
  /** updates the chats sent during the outage */
  updates: number;
  /** updates not answered when the platform recovered */
  backlogAtRecovery: number;
  /** sendMessage calls the fake refused (500 during the outage, 429 past its rate after) */
  failedCalls: number;
  /** from the recovery to the last reply */
  drainSeconds: number;
  lost: number;
  extraReplies: number;
  /** chats whose replies did not answer their updates in order */
  outOfOrderChats: number;
}

/** bench → load process */
export type ToLoad =
  | { type: 'addBot'; botToken: string }
  | { type: 'run'; botToken: string; load: ChannelsLoad }
  | { type: 'outage'; botToken: string; load: OutageLoad }
  | { type: 'stop' };

/** load process → bench */
export type FromLoad =
  | { type: 'ready'; url: string }
  | { type: 'added' }
  | { type: 'figures'; figures: ChannelsLoadFigures }
  | { type: 'outageFigures'; figures: OutageFigures }
  | { type: 'error'; message: string };
