/**
 * The fake Chatwoot's records and the JSON it answers and posts, shaped like Chatwoot's own (v3/v4): the REST
 * views (`api/v1/models/_contact`, `_contact_inbox`, `_team`, `conversations/partials/_conversation`,
 * `Message#push_event_data`) and the webhook payloads (`Message#webhook_data`, `Conversation#webhook_data`
 * from `Conversations::EventDataPresenter#push_data`). Only the fields a client or a test could read.
 */

export type FakeMessageType = 'incoming' | 'outgoing' | 'activity' | 'template';
export type FakeConversationStatus = 'open' | 'resolved' | 'pending' | 'snoozed';

export interface FakeTeam {
  id: number;
  name: string;
  description: string;
}

export interface FakeInbox {
  id: number;
  name: string;
}

export interface FakeContact {
  id: number;
  name: string;
  identifier: string | null;
  createdAt: Date;
}

export interface FakeContactInbox {
  id: number;
  contactId: number;
  inboxId: number;
  sourceId: string;
}

export interface FakeConversation {
  /** the display id: per account, what the API and the webhooks call the conversation's id */
  id: number;
  contactId: number;
  inboxId: number;
  contactInboxId: number;
  status: FakeConversationStatus;
  teamId: number | null;
  createdAt: Date;
}

export interface FakeMessage {
  id: number;
  conversationId: number;
  content: string | null;
  messageType: FakeMessageType;
  isPrivate: boolean;
  /** 'contact' for incoming messages, 'user' (the agent) otherwise */
  senderType: 'contact' | 'user';
  createdAt: Date;
}

export interface FakeStore {
  account: { id: number; name: string };
  inbox: FakeInbox;
  agent: { id: number; name: string; email: string };
  teams: FakeTeam[];
  contacts: FakeContact[];
  contactInboxes: FakeContactInbox[];
  conversations: FakeConversation[];
  messages: FakeMessage[];
}

const MESSAGE_TYPE_NUMBERS: Record<FakeMessageType, number> = {
  incoming: 0,
  outgoing: 1,
  activity: 2,
  template: 3,
};

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

function inboxJson(store: FakeStore) {
  return {
    id: store.inbox.id,
    name: store.inbox.name,
    channel_id: store.inbox.id,
    channel_type: 'Channel::Api',
    avatar_url: '',
    provider: null,
  };
}

export function teamJson(store: FakeStore, team: FakeTeam) {
  return {
    id: team.id,
    name: team.name,
    description: team.description,
    allow_auto_assign: true,
    account_id: store.account.id,
    is_member: false,
  };
}

export function contactJson(store: FakeStore, contact: FakeContact) {
  return {
    additional_attributes: {},
    availability_status: 'offline',
    email: null,
    id: contact.id,
    name: contact.name,
    phone_number: null,
    identifier: contact.identifier,
    thumbnail: '',
    custom_attributes: {},
    last_activity_at: null,
    created_at: seconds(contact.createdAt),
    contact_inboxes: store.contactInboxes
      .filter((link) => link.contactId === contact.id)
      .map((link) => contactInboxJson(store, link)),
  };
}

export function contactInboxJson(store: FakeStore, link: FakeContactInbox) {
  return { source_id: link.sourceId, inbox: inboxJson(store) };
}

function senderOf(store: FakeStore, message: FakeMessage) {
  const conversation = store.conversations.find((item) => item.id === message.conversationId);
  const contact = store.contacts.find((item) => item.id === conversation?.contactId);
  return message.senderType === 'contact' && contact
    ? { id: contact.id, name: contact.name, avatar: '', type: 'contact' }
    : { id: store.agent.id, name: store.agent.name, email: store.agent.email, type: 'user' };
}

/** The REST answer for a message (and the `messages` inside a conversation): message_type as a number. */
export function messagePushJson(store: FakeStore, message: FakeMessage) {
  return {
    id: message.id,
    content: message.content,
    account_id: store.account.id,
    inbox_id: store.inbox.id,
    conversation_id: message.conversationId,
    message_type: MESSAGE_TYPE_NUMBERS[message.messageType],
    content_type: 'text',
    status: 'sent',
    content_attributes: {},
    created_at: seconds(message.createdAt),
    private: message.isPrivate,
    source_id: null,
    sender: senderOf(store, message),
  };
}

/** The REST answer for a conversation (create, show). */
export function conversationJson(store: FakeStore, conversation: FakeConversation) {
  const contact = store.contacts.find((item) => item.id === conversation.contactId);
  const team = store.teams.find((item) => item.id === conversation.teamId);
  const last = store.messages.filter((message) => message.conversationId === conversation.id).at(-1);
  return {
    meta: {
      sender: contact ? contactJson(store, contact) : null,
      channel: 'Channel::Api',
      ...(team && { team: teamJson(store, team) }),
      hmac_verified: false,
    },
    id: conversation.id,
    messages: last ? [messagePushJson(store, last)] : [],
    account_id: store.account.id,
    uuid: `00000000-0000-4000-8000-${String(conversation.id).padStart(12, '0')}`,
    additional_attributes: {},
    can_reply: true,
    custom_attributes: {},
    inbox_id: conversation.inboxId,
    labels: [],
    muted: false,
    snoozed_until: null,
    status: conversation.status,
    created_at: seconds(conversation.createdAt),
    unread_count: 0,
    priority: null,
  };
}

/** `Conversation#webhook_data`: the conversation itself at the top of the payload. */
export function conversationWebhookJson(store: FakeStore, conversation: FakeConversation) {
  const contact = store.contacts.find((item) => item.id === conversation.contactId);
  const link = store.contactInboxes.find((item) => item.id === conversation.contactInboxId);
  const team = store.teams.find((item) => item.id === conversation.teamId);
  const chat = store.messages.filter(
    (message) =>
      message.conversationId === conversation.id && message.messageType !== 'activity' && !message.isPrivate,
  );
  const last = chat.at(-1);
  return {
    additional_attributes: {},
    can_reply: true,
    channel: 'Channel::Api',
    contact_inbox: link && {
      id: link.id,
      contact_id: link.contactId,
      inbox_id: link.inboxId,
      source_id: link.sourceId,
      hmac_verified: false,
    },
    id: conversation.id,
    inbox_id: conversation.inboxId,
    messages: last ? [messagePushJson(store, last)] : [],
    labels: [],
    meta: {
      sender: contact && {
        id: contact.id,
        name: contact.name,
        identifier: contact.identifier,
        type: 'contact',
      },
      assignee: null,
      team: team ? { id: team.id, name: team.name } : null,
      hmac_verified: false,
    },
    status: conversation.status,
    custom_attributes: {},
    snoozed_until: null,
    unread_count: 0,
    priority: null,
    created_at: seconds(conversation.createdAt),
    timestamp: seconds(last?.createdAt ?? conversation.createdAt),
    account_id: store.account.id,
  };
}

/** `Message#webhook_data` with its event: message_type as the enum's name. */
export function messageWebhookJson(store: FakeStore, message: FakeMessage, conversation: FakeConversation) {
  return {
    event: 'message_created',
    id: message.id,
    content: message.content,
    created_at: message.createdAt.toISOString(),
    message_type: message.messageType,
    content_type: 'text',
    private: message.isPrivate,
    content_attributes: {},
    source_id: null,
    sender: senderOf(store, message),
    inbox: { id: store.inbox.id, name: store.inbox.name },
    conversation: conversationWebhookJson(store, conversation),
    account: { id: store.account.id, name: store.account.name },
  };
}
