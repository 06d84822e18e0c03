import { createHash } from 'node:crypto';
import { isSpaceName } from './google-chat-api.ts';

/** The subset of a Google Chat interaction event the bot reads. */
export interface ChatEvent {
  type?: string;
  eventTime?: string;
  space?: { name?: string; type?: string; spaceType?: string };
  message?: {
    name?: string;
    text?: string;
    argumentText?: string;
    sender?: ChatUser;
    /** files the user attached (uploaded or from Drive) */
    attachment?: { contentName?: string; contentType?: string; source?: string }[];
  };
  user?: ChatUser;
  action?: { actionMethodName?: string; parameters?: { key?: string; value?: string }[] };
  common?: {
    userLocale?: string;
    invokedFunction?: string;
    parameters?: Record<string, string>;
  };
}

export interface ChatUser {
  name?: string;
  displayName?: string;
  email?: string;
  type?: string;
}

/** External ids are at most 190 characters (channel_updates.external_id). */
const MAX_EXTERNAL_ID_LENGTH = 190;

function digestOf(parts: readonly string[]): string {
  return createHash('sha256').update(parts.join('\n')).digest('base64url');
}

/** A space or group chat, not a direct message: there Google sends only the messages that mention the app. */
function isSharedSpace(event: ChatEvent): boolean {
  const kind = event.space?.spaceType ?? event.space?.type ?? '';
  return kind !== '' && kind !== 'DIRECT_MESSAGE' && kind !== 'DM';
}

/** A user's resource name as Google writes it (`users/123…`). */
const isUserName = (value: string) => /^users\/[A-Za-z0-9_-]{1,100}$/.test(value);

/** The space a sender is in: a member of a space is `<space>:<user>`, answered in the space. */
export function spaceOfSender(senderId: string): string {
  return senderId.split(':')[0] ?? senderId;
}

/** The button's function and parameters: `common` in current events, `action` in older ones. */
export function clickOf(event: ChatEvent): { method: string; parameters: Record<string, string> } {
  const common = event.common;
  if (common?.invokedFunction)
    return { method: common.invokedFunction, parameters: { ...common.parameters } };
  const parameters: Record<string, string> = {};
  for (const parameter of event.action?.parameters ?? []) {
    if (typeof parameter.key === 'string' && typeof parameter.value === 'string')
      parameters[parameter.key] = parameter.value;
  }
  return { method: event.action?.actionMethodName ?? '', parameters };
}

/**
 * What an event is stored as: its id (a message's name; for a click or an addition, a digest of what identifies
 * it, so a redelivery matches) and the sender: the space, or in a space shared by several people the space and
 * the member (`<space>:<user>`), whose replies go to the space. null for an event the bot does not answer
 * (removed from a space, a bot's own message, an unknown kind) or one without a readable space.
 */
export function storedAsOf(
  body: unknown,
  options: { answersAdded: boolean },
): { externalId: string; senderId: string } | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const event = body as ChatEvent;
  const space = event.space?.name;
  if (!isSpaceName(space)) return null;
  const eventTime = typeof event.eventTime === 'string' ? event.eventTime : '';
  const userName = event.user?.name ?? event.message?.sender?.name ?? '';
  // in a space with several people, each member has a conversation of their own
  const senderId = isSharedSpace(event) && isUserName(userName) ? `${space}:${userName}` : space;
  switch (event.type) {
    case 'MESSAGE': {
      const name = event.message?.name;
      if (typeof name !== 'string' || name === '' || event.message?.sender?.type === 'BOT') return null;
      // the message's name (`spaces/…/messages/…`): a redelivery carries the same
      const externalId = name.length <= MAX_EXTERNAL_ID_LENGTH ? name : `message:${digestOf([name])}`;
      return { externalId, senderId };
    }
    case 'CARD_CLICKED': {
      const click = clickOf(event);
      const parts = [
        event.message?.name ?? '',
        userName,
        eventTime,
        click.method,
        JSON.stringify(click.parameters),
      ];
      return { externalId: `click:${digestOf(parts)}`, senderId };
    }
    case 'ADDED_TO_SPACE':
      if (!options.answersAdded) return null;
      return { externalId: `added:${digestOf([space, userName, eventTime])}`, senderId: space };
    default:
      return null;
  }
}
