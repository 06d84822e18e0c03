import { timingSafeEqual } from 'node:crypto';
import type { Database } from '../../platform/db/database.ts';
import { fromJson } from '../../platform/db/json.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { insertNotice } from '../notices/notice-repository.ts';
import type { StoredCustomerSupport } from '../users/profile-view.ts';
import { findUserById } from '../users/user-repository.ts';
import { parseChatwootEndpoint } from './chatwoot/chatwoot-account.ts';
import { parseChatwootWebhook } from './chatwoot/chatwoot-webhook.ts';
import { extendHandoff, findOpenHandoffByChatwoot, recordChatwootDelivery } from './handoff-repository.ts';
import { releaseHandoff } from './handoff-service.ts';
import { readSupportSettings } from './support-settings.ts';

function isSameKey(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * POST /hooks/chatwoot/{key}: the owner's Chatwoot tells us an agent answered (the answer reaches the sender as
 * a notice, the hand-over becomes active) or resolved the conversation (the bot takes over, telling the sender).
 * `key` is `<user_id>.<webhook token>` (settings card 2 shows the address); a wrong key is refused, an event for
 * another inbox, a conversation no hand-over holds, or a reply delivered before is ignored. Answers what it did.
 */
export async function receiveChatwootWebhook(db: Database, key: string, body: unknown): Promise<string> {
  const [userText = '', token = ''] = key.split('.', 2);
  const userId = /^\d{1,15}$/.test(userText) ? Number(userText) : 0;
  const user = userId > 0 ? await findUserById(db, userId) : undefined;
  const stored = fromJson<StoredCustomerSupport>(user?.customer_support ?? null, {});
  if (!user || !stored.cs_webhook_token || !isSameKey(token, stored.cs_webhook_token)) {
    throw new AppError('unauthenticated');
  }
  const event = parseChatwootWebhook(body);
  if (!event) return 'ignored';
  const account = parseChatwootEndpoint(stored.cs_endpoint ?? '');
  if (!account) return 'ignored: no Chatwoot inbox is set';
  if (event.accountId !== null && event.accountId !== account.accountId) return 'ignored: another account';
  if (event.inboxId !== null && event.inboxId !== account.inboxId) return 'ignored: another inbox';
  const handoff = await findOpenHandoffByChatwoot(db, userId, event.conversationId);
  if (!handoff) return 'ignored: no open hand-over';
  if (event.kind === 'resolved') {
    await releaseHandoff(db, handoff, 'agent');
    return 'released';
  }
  const settings = await readSupportSettings(db, userId);
  return db.transaction().execute(async (trx) => {
    // A webhook may come again (a retry after a slow or failed delivery): the sender reads the reply once.
    const { messageId } = event;
    if (messageId !== null && !(await recordChatwootDelivery(trx, handoff.id, messageId))) {
      return 'ignored: delivered before';
    }
    await insertNotice(
      trx,
      handoff.sender,
      { type: 'text', text: event.text },
      { kind: 'agent_reply', params: [] },
    );
    await extendHandoff(trx, handoff.id, new Date(Date.now() + settings.timeoutMs).toISOString(), 'active');
    return 'delivered';
  });
}
