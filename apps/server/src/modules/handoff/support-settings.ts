import { CS_TIMEOUT_DEFAULT_MINUTES } from '@hiwar/contracts';
import type { Database } from '../../platform/db/database.ts';
import { fromJson } from '../../platform/db/json.ts';
import type { StoredCustomerSupport } from '../users/profile-view.ts';
import { findUserById } from '../users/user-repository.ts';

export interface SupportSettings {
  /** the owner's customer-support status (settings card 2): cs_connect and cs_disconnect act only when on */
  isEnabled: boolean;
  /** the Chatwoot inbox address; '' hands over to the console */
  endpoint: string;
  /** the encrypted access token (cs_password) */
  encryptedToken: string;
  timeoutMs: number;
}

/** The owner's customer-support settings (read only when a turn needs them: an action, a hand-over). */
export async function readSupportSettings(db: Database, userId: number): Promise<SupportSettings> {
  const user = await findUserById(db, userId);
  const stored = fromJson<StoredCustomerSupport>(user?.customer_support ?? null, {});
  return {
    isEnabled: stored.cs_status === 1,
    endpoint: stored.cs_endpoint ?? '',
    encryptedToken: stored.cs_password ?? '',
    timeoutMs: (stored.cs_timeout_minutes ?? CS_TIMEOUT_DEFAULT_MINUTES) * 60_000,
  };
}
