import type { LatencySummary } from '../chat/load-pacing.ts';
import type { InboxChecks } from './inbox-checks.ts';
import type { ChannelsLoad, ChannelsLoadFigures, OutageFigures, OutageLoad } from './load-messages.ts';

/** The targets on the 2-core bench machine: ack and reply p99, and the drain of an outage's backlog. */
export const TARGETS = { ackP99Ms: 20, replyP99Ms: 150, outageDrainSeconds: 30 };

export interface ChannelsRun {
  database: string;
  load: ChannelsLoad;
  figures: ChannelsLoadFigures;
  inbox: InboxChecks;
  loadAverage: { before: number; after: number };
  outage?: { load: OutageLoad; figures: OutageFigures; loadAverage: { before: number; after: number } };
}

const ms = (value: number) => value.toFixed(1);
const met = (isMet: boolean) => (isMet ? 'met' : '**missed**');

function latencyRow(database: string, what: string, summary: LatencySummary, target: number): string {
  return (
    `| ${database} | ${what} | ${ms(summary.p50)} | ${ms(summary.p90)} | ${ms(summary.p99)} | ${ms(summary.max)} | ` +
    `p99 ≤ ${target} ms: ${met(summary.p99 <= target)} |`
  );
}

/** Latencies side by side with the targets. */
export function describeLatencies(runs: ChannelsRun[]): string {
  return [
    '| database | latency | p50 ms | p90 ms | p99 ms | max ms | target |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...runs.flatMap((run) => [
      latencyRow(run.database, 'webhook acknowledgement', run.figures.ack, TARGETS.ackP99Ms),
      latencyRow(run.database, 'update → reply (sendMessage)', run.figures.reply, TARGETS.replyP99Ms),
    ]),
  ].join('\n');
}

function countsRow(run: ChannelsRun): string {
  const { figures, load } = run;
  const perSecond = (count: number) => (count / figures.sendingSeconds).toFixed(0);
  const isOnce = figures.lost === 0 && figures.doubled === 0 && figures.unmatchedReplies === 0;
  return (
    `| ${run.database} | ${load.chats} | ${load.rate} | ${figures.updates} | ${figures.sendingSeconds.toFixed(1)} | ` +
    `${perSecond(figures.updates)} | ${perSecond(figures.answered)} | ${figures.redelivered} | ` +
    `${figures.lost} | ${figures.doubled} (${figures.doubledRedelivered} redelivered) | ` +
    `${isOnce ? 'yes' : '**no**'} | ${run.loadAverage.before.toFixed(1)} → ${run.loadAverage.after.toFixed(1)} |`
  );
}

/** What was offered and answered, and the exactly-once check. */
export function describeCounts(runs: ChannelsRun[]): string {
  return [
    '| database | chats | offered updates/s | updates sent | seconds | sent/s | answered/s | redelivered | lost | doubled | exactly once | load average (1 min) |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...runs.map(countsRow),
  ].join('\n');
}

const summary = (value: LatencySummary) =>
  `p50 ${ms(value.p50)} / p90 ${ms(value.p90)} / p99 ${ms(value.p99)} / max ${ms(value.max)} ms`;

/** One line a run: the webhook's statuses, the redeliveries, and the inbox as the database shows it. */
export function describeDetails(runs: ChannelsRun[]): string[] {
  return runs.map((run) => {
    const { figures, inbox } = run;
    return (
      `- ${run.database}: webhook statuses ${JSON.stringify(figures.statuses)} over ≤ ${figures.maxConnections} ` +
      `sockets; redeliveries acknowledged in ${summary(figures.redeliveryAck)}; replies to no update of the ` +
      `run: ${figures.unmatchedReplies}. \`channel_updates\` of the run (read by the bench): ${inbox.rows} rows, ` +
      `${inbox.distinctUpdateIds} distinct update_ids (${figures.updates} sent), ${JSON.stringify(inbox.statuses)}, ` +
      `${inbox.withoutTurn} done without a turn, drained ${(inbox.drainMs / 1000).toFixed(1)} s after the load; ` +
      `waiting in the inbox (created → claimed) ${summary(inbox.inboxWait)}; processing (claimed → settled: ` +
      `getChatbot, the turn, sendMessage, settle) ${summary(inbox.processing)}.`
    );
  });
}

/** The outage runs: the backlog at the recovery, how long it took to drain, and the exactly-once check. */
export function describeOutages(runs: ChannelsRun[]): string {
  const rows = runs.flatMap((run) => {
    if (!run.outage) return [];
    const { load, figures, loadAverage } = run.outage;
    const isOnce = figures.lost === 0 && figures.extraReplies === 0 && figures.outOfOrderChats === 0;
    const isDrained = figures.lost === 0 && figures.drainSeconds <= TARGETS.outageDrainSeconds;
    return [
      `| ${run.database} | ${load.chats} | ${load.outageSeconds} | ${figures.updates} | ` +
        `${figures.backlogAtRecovery} | ${figures.failedCalls} | ${load.telegramRate}/s | ` +
        `${figures.drainSeconds.toFixed(1)} | ${figures.lost} | ${figures.extraReplies} | ` +
        `${figures.outOfOrderChats} | ${isOnce ? 'yes' : '**no**'} | ` +
        `≤ ${TARGETS.outageDrainSeconds} s: ${met(isDrained)} | ` +
        `${loadAverage.before.toFixed(1)} → ${loadAverage.after.toFixed(1)} |`,
    ];
  });
  if (rows.length === 0) return '';
  return [
    'Outage: every sendMessage answered 500, then Telegram recovered and took its rate a second (429 past it).',
    '',
    '| database | chats | outage s | updates sent | unanswered at recovery | refused calls | rate after | drained after s | lost | doubled | out-of-order chats | exactly once, in order | target | load average (1 min) |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}
