import { isExactlyOnce } from './broadcast-checks.ts';
import type { BroadcastRun } from './broadcast-runs.ts';
import type { TelegramRun } from './telegram-runs.ts';

/** The target: 100,000 web messenger recipients delivered within 60 s (scaled for other sizes). */
export const TARGET_SECONDS = 60;
export const TARGET_RECIPIENTS = 100_000;

const seconds = (ms: number) => (ms / 1000).toFixed(1);
const thousands = (value: number) => Math.round(value).toLocaleString('en-US');

function targetOf(run: BroadcastRun): string {
  const allowedMs = (TARGET_SECONDS * 1000 * run.recipients) / TARGET_RECIPIENTS;
  if (run.run === 'crash') return `(kill -9 and restart included) ${seconds(run.endToEndMs)} s`;
  const isMet = run.endToEndMs <= allowedMs;
  return `≤ ${seconds(allowedMs)} s: ${isMet ? 'met' : '**missed**'}`;
}

function describeRun(run: BroadcastRun): string {
  const { checks } = run;
  const rate = run.recipients / (run.deliveryMs / 1000);
  const once = isExactlyOnce(checks) ? 'yes' : '**no**';
  return (
    `| ${run.database} | ${run.run} | ${run.processes} | ${thousands(run.recipients)} | ${thousands(run.enqueueMs)} | ` +
    `${seconds(run.deliveryMs)} | ${thousands(rate)} | ${seconds(run.endToEndMs)} | ${targetOf(run)} | ` +
    `${checks.duplicates} | ${checks.lost} | ${checks.leftInOutbox} | ${once} |`
  );
}

export function describeRuns(runs: BroadcastRun[]): string {
  return [
    '| database | run | processes | recipients | enqueue ms | delivery s | recipients/s | call → done s | target (100,000 in ≤ 60 s) | duplicates | lost | left in outbox | exactly once |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...runs.map(describeRun),
  ].join('\n');
}

function describeWorkers(run: BroadcastRun): string {
  return run.workers
    .map(
      (worker, index) =>
        `worker ${index + 1} ${thousands(worker.recipients)} in ${worker.batches} batches ` +
        `(a batch every ${worker.medianBatchMs} ms median, ${worker.maxBatchMs} ms slowest)`,
    )
    .join('; ');
}

/** One line a run: the crash's figures, who delivered what, and the checks behind "exactly once". */
export function describeDetails(runs: BroadcastRun[]): string[] {
  return runs.map((run) => {
    const { checks } = run;
    const { progress } = checks;
    const parts = [`- ${run.database} ${run.run}: ${describeWorkers(run)}.`];
    if (run.crash) {
      const { crash } = run;
      parts.push(
        `Killed (SIGKILL) at ${thousands(crash.sentAtKill)} sent (${thousands(crash.observedAtKill)} at the last ` +
          `poll); the new process was healthy ${seconds(crash.restartMs)} s after the kill and delivered again ` +
          `${seconds(crash.resumeMs)} s after it.`,
      );
    }
    parts.push(
      `Notices with the run's title: ${thousands(checks.notices)}; notification ${progress.status}, ` +
        `sent ${thousands(progress.sent)} of ${thousands(progress.total)} (failed ${progress.failed}, ` +
        `skipped ${progress.skipped}); GET /subscription/browse shows it done: ${run.isBrowseDone ? 'yes' : '**no**'}.`,
    );
    return parts.join(' ');
  });
}

/** Telegram's own limit for a bot's broadcasts (about 30 messages a second): what the bench raises to measure. */
export const TELEGRAM_REAL_RATE = 30;

function telegramVerdict(run: TelegramRun): string {
  const { checks } = run;
  const { progress } = checks;
  const isDone = progress.status === 'done' && checks.lost === 0 && checks.duplicates === 0;
  if (run.crash) {
    // at most once: no chat twice, every row settled, nobody missing who is not failed
    if (!(isDone && checks.missing === 0 && checks.sentButNotReceived === 0)) return '**no**';
    const otherFailures = progress.failed - checks.interrupted;
    return otherFailures > 0
      ? `at most once, but **${otherFailures} failed not as interrupted**`
      : 'yes (at most once)';
  }
  const isOnce =
    isDone &&
    checks.missing === 0 &&
    progress.sent === progress.total &&
    progress.failed === 0 &&
    checks.chats === run.recipients &&
    checks.messages === run.recipients;
  return isOnce ? 'yes' : '**no**';
}

function describeTelegramRun(run: TelegramRun): string {
  const { checks } = run;
  const rate = run.recipients / (run.deliveryMs / 1000);
  return (
    `| ${run.database} | ${run.run} | ${thousands(run.recipients)} | ${thousands(run.enqueueMs)} | ` +
    `${seconds(run.deliveryMs)} | ${thousands(rate)} | ${seconds(run.endToEndMs)} | ` +
    `${thousands(run.recipients / TELEGRAM_REAL_RATE)} s | ${run.injected429.length} / ${checks.answered429} | ` +
    `${thousands(checks.messages)} / ${thousands(checks.chats)} | ${checks.duplicates} | ${checks.missing} | ` +
    `${checks.lost} | ${checks.progress.sent} / ${checks.progress.total} | ${checks.progress.failed} | ` +
    `${checks.interrupted} | ${telegramVerdict(run)} |`
  );
}

export function describeTelegramRuns(runs: TelegramRun[]): string {
  return [
    `| database | run | recipients | enqueue ms | delivery s | recipients/s | call → done s | at ${TELEGRAM_REAL_RATE}/s | 429 injected / answered | sendMessage / chats | duplicates | chats missing | lost (rows unsettled) | sent / total | failed | failed as interrupted | exactly once |`,
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...runs.map(describeTelegramRun),
  ].join('\n');
}

/** One line a Telegram run: the 429s' cost, the crash's figures, the outbox. */
export function describeTelegramDetails(runs: TelegramRun[]): string[] {
  return runs.map((run) => {
    const { checks } = run;
    const parts = [`- ${run.database} ${run.run}:`];
    if (run.injected429.length > 0) {
      const clean = runs.find((other) => other.database === run.database && other.run === 'telegram');
      const extra = clean ? `${seconds(run.deliveryMs - clean.deliveryMs)} s more than the run without` : '';
      parts.push(
        `429 (retry_after 1 s) queued on the fake at ${run.injected429.map(thousands).join(', ')} sent; ` +
          `delivery took ${extra}.`,
      );
    }
    if (run.crash) {
      const { crash } = run;
      parts.push(
        `Killed (SIGKILL) at ${thousands(crash.sentAtKill)} sent with ${crash.sendingAtKill} row(s) \`sending\`; ` +
          `the new process was healthy ${seconds(crash.restartMs)} s after the kill. Failed rows whose chat got ` +
          `the message anyway: ${checks.failedButReceived}; sent rows the fake never saw: ${checks.sentButNotReceived}.`,
      );
    }
    const statuses = Object.entries(checks.outbox)
      .map(([status, count]) => `${status} ${thousands(count)}`)
      .join(', ');
    parts.push(`Outbox rows: ${statuses}; notification ${checks.progress.status}.`);
    const reasons = Object.entries(checks.failedReasons);
    if (reasons.length > 0)
      parts.push(
        `Failed: ${reasons.map(([reason, count]) => `${thousands(count)} "${reason}"`).join(', ')}.`,
      );
    return parts.join(' ');
  });
}
