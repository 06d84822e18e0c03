import type { SenderKey } from '../../kernel/sender-key.ts';
import type { Database } from '../../platform/db/database.ts';
import { closeHandoff, extendHandoff, findOpenHandoff, openHandoff } from './handoff-repository.ts';

/** What a turn does to the sender's hand-over, stored with the turn (modules/runtime's turn writer). */
export type HandoffWrite =
  | { kind: 'open'; departmentId: number | null; departmentName: string | null; expiresAt: string }
  | { kind: 'extend'; handoffId: number; expiresAt: string }
  | { kind: 'close'; handoffId: number | null; reason: 'sender' | 'timeout' | 'bot' };

export async function applyHandoffWrites(
  db: Database,
  sender: SenderKey,
  writes: readonly HandoffWrite[],
  at: string,
): Promise<void> {
  for (const write of writes) {
    if (write.kind === 'open') {
      await openHandoff(
        db,
        sender,
        { id: write.departmentId, name: write.departmentName },
        at,
        write.expiresAt,
      );
    } else if (write.kind === 'extend') {
      await extendHandoff(db, write.handoffId, write.expiresAt);
    } else {
      const id = write.handoffId ?? (await findOpenHandoff(db, sender))?.id ?? null;
      if (id !== null) await closeHandoff(db, id, write.reason, at);
    }
  }
}
