import type { Database } from '../../platform/db/database.ts';
import { customerSupportOf } from '../users/profile-view.ts';
import { findUserById } from '../users/user-repository.ts';

/** Commands every bot understands without being authored: system command key → display name. */
const systemCommands: Record<string, string> = { start: 'Start', help: 'Help' };

/** Offered only to owners whose customer support is enabled in the settings. */
const customerSupportCommands: Record<string, string> = {
  cs_connect: 'Connect to customer support',
  cs_disconnect: 'Disconnect from customer support',
};

/** Every fixed command's payload: a button's key, which says nothing of the language its sender writes. */
export const fixedCommandKeys: ReadonlySet<string> = new Set([
  ...Object.keys(systemCommands),
  ...Object.keys(customerSupportCommands),
]);

export async function fixedCommandsOf(db: Database, userId: number): Promise<Record<string, string>> {
  const user = await findUserById(db, userId);
  const supportEnabled = user ? customerSupportOf(user).cs_status === 1 : false;
  return supportEnabled ? { ...systemCommands, ...customerSupportCommands } : { ...systemCommands };
}
