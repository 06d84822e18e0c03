import { isExactlyOnce } from './broadcast-checks.ts';
import type { BroadcastRun } from './broadcast-runs.ts';

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
