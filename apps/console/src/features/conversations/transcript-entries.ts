import type { TranscriptNotice, TranscriptTurn } from '@hiwar/contracts';
import type { TurnsPage } from './conversations-api.ts';

export type TranscriptEntry =
  | { kind: 'turn'; key: string; at: string; turn: TranscriptTurn }
  | { kind: 'notice'; key: string; at: string; notice: TranscriptNotice };

function timeOf(at: string): number {
  const time = Date.parse(at);
  return Number.isNaN(time) ? 0 : time;
}

/**
 * The loaded pages of a transcript as one conversation, oldest first: the turns and the notices left for the
 * sender between them (an owner's reply during a hand-over), by time. A page read again after new turns may
 * overlap its neighbour; each turn and notice shows once.
 */
export function transcriptEntries(pages: readonly TurnsPage[]): TranscriptEntry[] {
  const byKey = new Map<string, TranscriptEntry>();
  for (const page of pages) {
    for (const turn of page.data)
      byKey.set(`turn-${turn.id}`, { kind: 'turn', key: `turn-${turn.id}`, at: turn.at, turn });
    for (const notice of page.notices)
      byKey.set(`notice-${notice.id}`, { kind: 'notice', key: `notice-${notice.id}`, at: notice.at, notice });
  }
  return [...byKey.values()].sort((a, b) => {
    const byTime = timeOf(a.at) - timeOf(b.at);
    if (byTime !== 0) return byTime;
    // a notice written in the same instant as a turn follows it: the owner answered what the sender said
    if (a.kind !== b.kind) return a.kind === 'turn' ? -1 : 1;
    const idOf = (entry: TranscriptEntry) => (entry.kind === 'turn' ? entry.turn.id : entry.notice.id);
    return idOf(a) - idOf(b);
  });
}
