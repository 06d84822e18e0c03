/** One end user of one owner's bot on one platform. */
export interface SenderKey {
  userId: number;
  platform: string;
  senderId: string;
}

export function senderKeyText(sender: SenderKey): string {
  return `${sender.userId}:${sender.platform}:${sender.senderId}`;
}
