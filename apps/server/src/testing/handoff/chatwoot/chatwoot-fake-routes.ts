import type { IncomingMessage } from 'node:http';
import type {
  FakeContact,
  FakeContactInbox,
  FakeConversation,
  FakeConversationStatus,
  FakeMessage,
  FakeStore,
} from './chatwoot-fake-payloads.ts';
import {
  contactInboxJson,
  contactJson,
  conversationJson,
  conversationWebhookJson,
  messagePushJson,
  teamJson,
} from './chatwoot-fake-payloads.ts';

/** The fake Chatwoot's Application API routes under `/api/v1/accounts/{account}` (testing/handoff/chatwoot/chatwoot-fake.ts). */

export type Answer = { status: number; body: unknown; headers?: Record<string, string> };
export type Route = (request: ParsedRequest, params: number[]) => Answer;

export interface ParsedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}

export const NOT_FOUND: Answer = { status: 404, body: { error: 'Resource could not be found' } };
const SEARCH_PAGE_SIZE = 15;
const STATUSES: FakeConversationStatus[] = ['open', 'resolved', 'pending', 'snoozed'];

/** What the routes change and announce: the fake's records, and its webhooks. */
export interface FakeWorld {
  store: FakeStore;
  newId(): number;
  linkContact(contactId: number, sourceId?: string): FakeContactInbox;
  addMessage(
    conversation: FakeConversation,
    fields: Omit<FakeMessage, 'id' | 'createdAt' | 'conversationId'>,
  ): FakeMessage;
  changeStatus(conversation: FakeConversation, status: FakeConversationStatus): Promise<void>;
  deliver(payload: Record<string, unknown>): Promise<void>;
}

export function fakeRoutes(world: FakeWorld): [string, RegExp, Route][] {
  const { store, newId, linkContact, addMessage, changeStatus, deliver } = world;
  const findConversation = (id: number) => store.conversations.find((item) => item.id === id);
  return [
    ['GET', /^\/teams$/, () => ({ status: 200, body: store.teams.map((team) => teamJson(store, team)) })],
    [
      'POST',
      /^\/contacts$/,
      ({ body }) => {
        const identifier =
          typeof body.identifier === 'string' && body.identifier !== '' ? body.identifier : null;
        if (identifier !== null && store.contacts.some((contact) => contact.identifier === identifier)) {
          return {
            status: 422,
            body: { message: 'Identifier has already been taken', attributes: ['identifier'] },
          };
        }
        if (body.inbox_id !== undefined && body.inbox_id !== store.inbox.id) return NOT_FOUND;
        const name =
          typeof body.name === 'string' && body.name !== ''
            ? body.name
            : `visitor-${store.contacts.length + 1}`;
        const contact: FakeContact = { id: newId(), name, identifier, createdAt: new Date() };
        store.contacts.push(contact);
        const link = body.inbox_id === undefined ? null : linkContact(contact.id);
        return {
          status: 200,
          body: {
            payload: {
              contact: contactJson(store, contact),
              contact_inbox: {
                inbox: link ? contactInboxJson(store, link).inbox : null,
                source_id: link?.sourceId ?? null,
              },
            },
          },
        };
      },
    ],
    [
      'GET',
      /^\/contacts\/search$/,
      ({ query }) => {
        const q = (query.get('q') ?? '').trim();
        if (q === '') return { status: 422, body: { error: 'Specify search string with parameter q' } };
        const page = Math.max(1, Number(query.get('page') ?? 1) || 1);
        const lower = q.toLowerCase();
        const found = store.contacts.filter(
          (contact) =>
            contact.name.toLowerCase().includes(lower) ||
            (contact.identifier ?? '').includes(q) ||
            String(contact.id) === q,
        );
        const shown = found.slice((page - 1) * SEARCH_PAGE_SIZE, page * SEARCH_PAGE_SIZE);
        return {
          status: 200,
          body: {
            meta: {
              count: shown.length,
              current_page: String(page),
              has_more: found.length > page * SEARCH_PAGE_SIZE,
            },
            payload: shown.map((contact) => contactJson(store, contact)),
          },
        };
      },
    ],
    [
      'POST',
      /^\/contacts\/(\d+)\/contact_inboxes$/,
      ({ body }, [contactId]) => {
        if (!store.contacts.some((contact) => contact.id === contactId)) return NOT_FOUND;
        if (body.inbox_id === undefined) return missing('inbox_id');
        if (body.inbox_id !== store.inbox.id) return NOT_FOUND;
        const link = linkContact(
          contactId ?? 0,
          typeof body.source_id === 'string' ? body.source_id : undefined,
        );
        return { status: 200, body: contactInboxJson(store, link) };
      },
    ],
    [
      'POST',
      /^\/conversations$/,
      ({ body }) => {
        if (body.source_id === undefined && body.contact_id === undefined) return missing('source_id');
        if (body.inbox_id !== undefined && body.inbox_id !== store.inbox.id) return NOT_FOUND;
        const link = store.contactInboxes.find(
          (item) =>
            item.sourceId === body.source_id &&
            (body.contact_id === undefined || item.contactId === body.contact_id),
        );
        if (!link) return NOT_FOUND;
        const status = body.status ?? 'open';
        if (!STATUSES.includes(status as FakeConversationStatus)) return invalidStatus(status);
        const teamId = body.team_id ?? null;
        if (teamId !== null && !store.teams.some((team) => team.id === teamId)) {
          return { status: 422, body: { message: 'Team must exist', attributes: ['team'] } };
        }
        const conversation: FakeConversation = {
          id: store.conversations.length + 1,
          contactId: link.contactId,
          inboxId: link.inboxId,
          contactInboxId: link.id,
          status: status as FakeConversationStatus,
          teamId: teamId as number | null,
          createdAt: new Date(),
        };
        store.conversations.push(conversation);
        void deliver({ ...conversationWebhookJson(store, conversation), event: 'conversation_created' });
        return { status: 200, body: conversationJson(store, conversation) };
      },
    ],
    [
      'POST',
      /^\/conversations\/(\d+)\/messages$/,
      ({ body }, [conversationId]) => {
        const conversation = findConversation(conversationId ?? 0);
        if (!conversation) return NOT_FOUND;
        if (typeof body.content !== 'string' || body.content === '') return missing('content');
        const messageType = body.message_type ?? 'outgoing';
        if (messageType !== 'incoming' && messageType !== 'outgoing') {
          return { status: 422, body: { error: `'${String(messageType)}' is not a valid message_type` } };
        }
        const isIncoming = messageType === 'incoming';
        // Chatwoot reopens a resolved conversation when the contact writes again
        if (isIncoming && conversation.status === 'resolved') void changeStatus(conversation, 'open');
        const message = addMessage(conversation, {
          content: body.content,
          messageType,
          isPrivate: body.private === true,
          senderType: isIncoming ? 'contact' : 'user',
        });
        return { status: 200, body: messagePushJson(store, message) };
      },
    ],
    [
      'POST',
      /^\/conversations\/(\d+)\/toggle_status$/,
      ({ body }, [conversationId]) => {
        const conversation = findConversation(conversationId ?? 0);
        if (!conversation) return NOT_FOUND;
        const status = body.status ?? (conversation.status === 'open' ? 'resolved' : 'open');
        if (!STATUSES.includes(status as FakeConversationStatus)) return invalidStatus(status);
        void changeStatus(conversation, status as FakeConversationStatus);
        return {
          status: 200,
          body: {
            meta: {},
            payload: { success: true, conversation_id: conversation.id, current_status: conversation.status },
          },
        };
      },
    ],
  ];
}

function missing(field: string): Answer {
  return { status: 422, body: { error: `param is missing or the value is empty: ${field}` } };
}

function invalidStatus(status: unknown): Answer {
  return { status: 422, body: { error: `'${String(status)}' is not a valid status` } };
}
