import { z } from 'zod';
import { ChatwootError } from './chatwoot-error.ts';
import { type ChatwootConnection, type ChatwootSend, createChatwootSend } from './chatwoot-request.ts';

/**
 * The calls a hand-over makes to an owner's Chatwoot (Application API v1, README.md beside this file): its
 * teams are the owner's departments; a hand-over opens a conversation in the owner's API inbox for the sender
 * (a contact found or made by `identifier`), posts the sender's messages into it as incoming, and resolves it.
 * The agents' replies come back through the inbox's webhook (chatwoot-webhook.ts).
 */
export interface ChatwootClient {
  /** the account's teams, as Chatwoot lists them */
  listTeams(): Promise<ChatwootTeam[]>;
  /** a new open conversation for the sender in the inbox (its contact made once per identifier), with a team */
  openConversation(sender: ChatwootSender): Promise<ChatwootConversation>;
  /** the sender's message as the agents see it (message_type incoming) */
  postIncoming(conversationId: number, text: string): Promise<{ messageId: number }>;
  /** marks the conversation resolved */
  resolve(conversationId: number): Promise<void>;
}

export interface ChatwootTeam {
  id: number;
  name: string;
}

export interface ChatwootSender {
  /** stable per sender and per owner: the contact is found by it next time (exact match) */
  identifier: string;
  /** the name agents see; Chatwoot makes one up when empty */
  name: string;
  /** the team (department) the conversation goes to; none when null or not given */
  teamId?: number | null;
}

export interface ChatwootConversation {
  contactId: number;
  conversationId: number;
}

export type { ChatwootConnection } from './chatwoot-request.ts';

const teamsSchema = z.array(z.object({ id: z.number().int(), name: z.string() }));

const contactInboxSchema = z.object({
  source_id: z.string().nullable(),
  inbox: z.object({ id: z.number().int() }).nullable().optional(),
});

const contactSchema = z.object({
  id: z.number().int(),
  identifier: z.string().nullable().optional(),
  contact_inboxes: z.array(contactInboxSchema).optional(),
});

const createdContactSchema = z.object({
  payload: z.object({
    contact: contactSchema,
    contact_inbox: z.object({ source_id: z.string().nullable().optional() }).nullable().optional(),
  }),
});

const searchSchema = z.object({ payload: z.array(contactSchema) });
const idSchema = z.object({ id: z.number().int() });

/** Chatwoot's contact search pages hold 15; an identifier is found within this many pages or not at all. */
const SEARCH_PAGE_SIZE = 15;
const MAX_SEARCH_PAGES = 5;

export function createChatwootClient(connection: ChatwootConnection): ChatwootClient {
  const send = createChatwootSend(connection);
  const { inboxId } = connection.account;

  return {
    async listTeams() {
      const teams = parseAnswer(teamsSchema, await send('GET', '/teams'), 'the teams');
      return teams.map(({ id, name }) => ({ id, name }));
    },

    async openConversation({ identifier, name, teamId }) {
      const contact = await findOrCreateContact(send, inboxId, identifier, name);
      const sourceId = contact.sourceId ?? (await createContactInbox(send, inboxId, contact.id));
      const conversation = parseAnswer(
        idSchema,
        await send('POST', '/conversations', {
          source_id: sourceId,
          inbox_id: inboxId,
          contact_id: contact.id,
          status: 'open',
          ...(teamId != null && { team_id: teamId }),
        }),
        'the new conversation',
      );
      return { contactId: contact.id, conversationId: conversation.id };
    },

    async postIncoming(conversationId, text) {
      const message = parseAnswer(
        idSchema,
        await send('POST', `/conversations/${conversationId}/messages`, {
          content: text,
          message_type: 'incoming',
        }),
        'the new message',
      );
      return { messageId: message.id };
    },

    async resolve(conversationId) {
      await send('POST', `/conversations/${conversationId}/toggle_status`, { status: 'resolved' });
    },
  };
}

interface FoundContact {
  id: number;
  /** the contact's source id in the inbox; null when it has none there yet */
  sourceId: string | null;
}

/**
 * Creates the contact in the inbox; when Chatwoot refuses (422: the identifier is taken, in whatever language
 * the account uses) the contact with exactly that identifier is looked up instead.
 */
async function findOrCreateContact(
  send: ChatwootSend,
  inboxId: number,
  identifier: string,
  name: string,
): Promise<FoundContact> {
  try {
    const created = parseAnswer(
      createdContactSchema,
      await send('POST', '/contacts', {
        inbox_id: inboxId,
        identifier,
        ...(name.trim() !== '' && { name: name.trim() }),
      }),
      'the new contact',
    );
    const { contact, contact_inbox: contactInbox } = created.payload;
    return { id: contact.id, sourceId: contactInbox?.source_id ?? sourceIdIn(contact, inboxId) };
  } catch (error) {
    if (!(error instanceof ChatwootError) || error.status !== 422) throw error;
    const existing = await searchContact(send, identifier);
    if (!existing) throw error;
    return { id: existing.id, sourceId: sourceIdIn(existing, inboxId) };
  }
}

/** The contact whose identifier is exactly `identifier` (search matches parts of names, emails, identifiers). */
async function searchContact(
  send: ChatwootSend,
  identifier: string,
): Promise<z.infer<typeof contactSchema> | null> {
  for (let page = 1; page <= MAX_SEARCH_PAGES; page++) {
    const query = new URLSearchParams({ q: identifier, page: String(page), include_contact_inboxes: 'true' });
    const { payload } = parseAnswer(
      searchSchema,
      await send('GET', `/contacts/search?${query}`),
      'the contacts',
    );
    const match = payload.find((contact) => contact.identifier === identifier);
    if (match) return match;
    if (payload.length < SEARCH_PAGE_SIZE) return null;
  }
  return null;
}

function sourceIdIn(contact: z.infer<typeof contactSchema>, inboxId: number): string | null {
  const found = contact.contact_inboxes?.find((link) => link.inbox?.id === inboxId && link.source_id);
  return found?.source_id ?? null;
}

async function createContactInbox(send: ChatwootSend, inboxId: number, contactId: number): Promise<string> {
  const link = parseAnswer(
    z.object({ source_id: z.string().min(1) }),
    await send('POST', `/contacts/${contactId}/contact_inboxes`, { inbox_id: inboxId }),
    'the contact’s inbox',
  );
  return link.source_id;
}

function parseAnswer<T>(schema: z.ZodType<T>, body: unknown, what: string): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success)
    throw new ChatwootError('bad_response', `Chatwoot's answer with ${what} is not as expected`);
  return parsed.data;
}
