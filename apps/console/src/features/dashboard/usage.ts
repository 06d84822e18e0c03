/** Plan limits the usage bars measure against; Hiwar has no billing plans, so these are sensible defaults. */
export const PLAN_LIMITS = { senders: 1000, services: 50, commands: 500 } as const;

export type UsageColor = 'blue' | 'green' | 'yellow' | 'red';

/** The count's share of the limit, in whole percent, capped at 100. */
export function usagePercent(count: number, limit: number): number {
  if (limit <= 0) return 100;
  return Math.min(100, Math.round((count / limit) * 100));
}

/** Spec variants: up to 25 info, up to 50 success, up to 75 warning, up to 100 danger. */
export function usageColor(percent: number): UsageColor {
  if (percent <= 25) return 'blue';
  if (percent <= 50) return 'green';
  if (percent <= 75) return 'yellow';
  return 'red';
}
