import type { ConversationRow } from '@hiwar/contracts';

/** How a sender is called: the name the platform gave, else the user name, else the id. */
export function senderNameOf(sender: Pick<ConversationRow, 'name' | 'username' | 'sender_id'>): string {
  return sender.name.trim() || sender.username.trim() || sender.sender_id;
}
