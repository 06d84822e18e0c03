import { performance } from 'node:perf_hooks';

/**
 * What the load scripts share: a sender's schedule and the latency summary. With `rate` 0 a sender sends as
 * soon as it is answered (saturation); with a rate (messages/s for all senders together) each sender keeps a
 * fixed schedule of one message every senders/rate seconds, senders spread evenly over that interval, sending
 * late when an answer is late.
 */
export function createPacer(senders: number, rate: number) {
  const intervalMs = rate > 0 ? (senders / rate) * 1000 : 0;
  const startedAt = performance.now();
  return {
    /** waits until sender `index`'s message number `turn` is due */
    async waitForTurn(index: number, turn: number): Promise<void> {
      if (intervalMs === 0) return;
      const dueIn = startedAt + (intervalMs * index) / senders + turn * intervalMs - performance.now();
      if (dueIn > 0) await new Promise((resolve) => setTimeout(resolve, dueIn));
    },
  };
}

function percentile(sorted: number[], share: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;
}

export interface LatencySummary {
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

/** p50, p90, p99 and max (ms) of a list of latencies; 0s when there are none. */
export function summarizeLatencies(latencies: number[]): LatencySummary {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 0.5),
    p90: percentile(sorted, 0.9),
    p99: percentile(sorted, 0.99),
    max: sorted.at(-1) ?? 0,
  };
}
