import type { TrafficBucket } from '@hiwar/contracts';

export interface LanguageTraffic {
  /** a language code, or `other` (a shared location) */
  lang: string;
  messages: number;
  understood: number;
}

export interface TrafficSummary {
  messages: number;
  understood: number;
  /** per language, the most used first */
  byLang: LanguageTraffic[];
}

/** The period's totals: messages and how many were understood, in all and per language. */
export function summarizeTraffic(buckets: readonly TrafficBucket[]): TrafficSummary {
  const byLang = new Map<string, LanguageTraffic>();
  let messages = 0;
  let understood = 0;
  for (const bucket of buckets) {
    messages += bucket.messages;
    understood += bucket.understood;
    for (const [lang, count] of Object.entries(bucket.by_lang)) {
      const known = byLang.get(lang) ?? { lang, messages: 0, understood: 0 };
      known.messages += count;
      known.understood += bucket.understood_by_lang[lang] ?? 0;
      byLang.set(lang, known);
    }
  }
  return {
    messages,
    understood,
    byLang: [...byLang.values()].sort((a, b) => b.messages - a.messages || a.lang.localeCompare(b.lang)),
  };
}

/** The understood share as a fraction from 0 to 1 (0 when there were no messages). */
export function understoodShare(understood: number, messages: number): number {
  return messages > 0 ? Math.min(1, understood / messages) : 0;
}

/** Every how many buckets an axis label fits, so at most `most` labels show. */
export function labelStep(buckets: number, most = 8): number {
  return Math.max(1, Math.ceil(buckets / most));
}
