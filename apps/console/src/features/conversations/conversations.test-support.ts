import type {
  ConversationRow,
  HandoffView,
  InboxGroup,
  TrafficBucket,
  TranscriptNotice,
  TranscriptTurn,
} from '@hiwar/contracts';
import { vi } from 'vitest';
import { FakeNotificationStream } from '../../test/fake-event-stream.ts';
import { type FakeServer, stubServer } from '../../test/render-app.tsx';

/** Test data and a fake server for the conversations screens, the inbox, the sidebar badge and the dashboard. */
export function conversationRow(
  senderKey: string,
  overrides: Partial<ConversationRow> = {},
): ConversationRow {
  const [platform = 'web', senderId = '1'] = senderKey.split(':');
  return {
    sender_key: senderKey,
    platform,
    sender_id: senderId,
    name: '',
    username: '',
    last_text: 'hello',
    last_lang: 'en',
    last_at: '2026-11-26T10:00:00.000Z',
    turns: 3,
    handoff: null,
    ...overrides,
  };
}

export function turnOf(id: number, text: string, overrides: Partial<TranscriptTurn> = {}): TranscriptTurn {
  return {
    id,
    at: `2026-11-26T10:${String(id % 60).padStart(2, '0')}:00.000Z`,
    event: { type: 'text', text },
    lang: 'en',
    command_id: 7,
    command_name: 'order_pizza',
    score: 0.812,
    not_understood: false,
    replies: [{ type: 'text', text: `You said ${text}` }],
    trace: [{ step: 'understanding', note: 'order_pizza 0.812', ms: 1.5 }],
    ...overrides,
  };
}

export function inboxGroup(id: number, overrides: Partial<InboxGroup> = {}): InboxGroup {
  return {
    id,
    lang: 'en',
    count: 2,
    last_at: '2026-11-26T10:00:00.000Z',
    messages: [
      {
        turn_id: 101,
        text: 'can i get a pizza pie',
        lang: 'en',
        at: '2026-11-26T10:00:00.000Z',
        sender_key: 'web:11',
      },
      {
        turn_id: 102,
        text: 'pizza pie please',
        lang: 'en',
        at: '2026-11-26T09:00:00.000Z',
        sender_key: 'web:12',
      },
    ],
    candidates: [
      { command_id: 7, command_name: 'order_pizza', score: 0.41 },
      { command_id: 8, command_name: 'order_drink', score: 0.22 },
    ],
    ...overrides,
  };
}

export function handoffOf(overrides: Partial<HandoffView> = {}): HandoffView {
  return {
    status: 'waiting',
    department_id: 3,
    department_name: 'Sales',
    started_at: '2026-11-26T10:00:00.000Z',
    expires_at: '2026-11-26T10:30:00.000Z',
    chatwoot_conversation_id: null,
    ...overrides,
  };
}

export interface TranscriptPage {
  data: TranscriptTurn[];
  notices?: TranscriptNotice[];
}

/** What the fake server holds; tests change it and read it. */
export interface InboxState {
  conversations: ConversationRow[];
  hasMore: boolean;
  /** per sender key, its transcript pages, page 1 (the newest) first */
  transcripts: Record<string, TranscriptPage[]>;
  handoffs: Record<string, HandoffView | null>;
  groups: InboxGroup[];
  waiting: { waiting: number; handoffs: number };
  traffic: Record<string, TrafficBucket[]>;
}

export function inboxState(overrides: Partial<InboxState> = {}): InboxState {
  return {
    conversations: [],
    hasMore: false,
    transcripts: {},
    handoffs: {},
    groups: [],
    waiting: { waiting: 0, handoffs: 0 },
    traffic: {},
    ...overrides,
  };
}

/** A call the test answers itself; undefined leaves it to the fake. */
type SpecialAnswer = (method: string, path: string, body: unknown) => ReturnType<FakeServer> | undefined;

const services = {
  private: [
    {
      service_id: 2,
      service_name: 'Food',
      commands: [
        { command_id: 7, command_name: 'order_pizza' },
        { command_id: 8, command_name: 'order_drink' },
        { command_id: 9, command_name: 'opening_hours' },
      ],
    },
  ],
  public: [],
};

function answerConversationCall(
  state: InboxState,
  method: string,
  path: string,
): ReturnType<FakeServer> | undefined {
  const url = new URL(path, 'http://console');
  if (url.pathname === '/conversations')
    return {
      json: {
        status: 1,
        page: Number(url.searchParams.get('page')),
        per_page: 20,
        has_more: state.hasMore,
        data: state.conversations,
      },
    };
  const match = /^\/conversations\/([^/]+)\/(turns|handoff|reply|release)$/.exec(url.pathname);
  if (!match) return undefined;
  const senderKey = decodeURIComponent(match[1] ?? '');
  const pages = state.transcripts[senderKey];
  const sender = state.conversations.find((row) => row.sender_key === senderKey);
  if (!pages || !sender) return { status: 404, json: { status: 0, msg: 'The conversation was not found' } };
  if (match[2] === 'turns') {
    const page = Number(url.searchParams.get('page') ?? 1);
    const turns = pages[page - 1] ?? { data: [] };
    const total = pages.reduce((sum, each) => sum + each.data.length, 0);
    return {
      json: {
        status: 1,
        page,
        pages_count: pages.length,
        total,
        sender,
        data: turns.data,
        notices: turns.notices ?? [],
      },
    };
  }
  if (match[2] === 'handoff') return { json: { status: 1, data: state.handoffs[senderKey] ?? null } };
  if (method !== 'POST') return undefined;
  if (!state.handoffs[senderKey])
    return { status: 409, json: { status: 0, msg: 'This conversation is not waiting for a person' } };
  if (match[2] === 'release') {
    state.handoffs[senderKey] = null;
    return { json: { status: 1, msg: 'The conversation was given back to the bot' } };
  }
  state.handoffs[senderKey] = { ...(state.handoffs[senderKey] as HandoffView), status: 'active' };
  return { json: { status: 1, msg: 'The reply was sent' } };
}

function answerInboxCall(state: InboxState, path: string): ReturnType<FakeServer> | undefined {
  const url = new URL(path, 'http://console');
  if (url.pathname === '/inbox/waiting') return { json: { status: 1, data: state.waiting } };
  if (url.pathname === '/inbox/not_understood')
    return {
      json: {
        status: 1,
        page: Number(url.searchParams.get('page') ?? 1),
        pages_count: 1,
        waiting: state.waiting.waiting,
        data: state.groups,
      },
    };
  const action = /^\/inbox\/not_understood\/(\d+)\/(add_example|dismiss)$/.exec(url.pathname);
  if (!action) return undefined;
  const group = state.groups.find((each) => each.id === Number(action[1]));
  if (!group) return { status: 404, json: { status: 0, msg: 'The group was not found' } };
  state.groups = state.groups.filter((each) => each !== group);
  state.waiting = { ...state.waiting, waiting: Math.max(0, state.waiting.waiting - group.count) };
  if (action[2] === 'dismiss') return { json: { status: 1, msg: 'The group was dismissed' } };
  return {
    json: { status: 1, data: { example_id: 500, command_id: 7 }, msg: 'The message was added as an example' },
  };
}

/**
 * The console's calls for these screens, answered from `state`: the list, transcripts (404 for an unknown
 * sender), hand-over reply and release, the inbox and its actions, the waiting counts, the owner's services
 * (Food: order_pizza 7, order_drink 8, opening_hours 9), command save (0 creates 30), traffic and stats.
 */
export function inboxServer(state: InboxState, special?: SpecialAnswer): FakeServer {
  return (method, path, body) => {
    const answer =
      special?.(method, path, body) ??
      answerConversationCall(state, method, path) ??
      answerInboxCall(state, path);
    if (answer) return answer;
    if (path === '/service/get_list') return { json: { status: 1, ...services } };
    if (path === '/command/save/2/0') return { json: { status: 1, id: 30, msg: 'Successfully saved' } };
    if (path.startsWith('/user/traffic?')) {
      const period = new URL(path, 'http://console').searchParams.get('period') ?? 'day';
      return { json: { status: 1, data: { period, buckets: state.traffic[period] ?? [] } } };
    }
    if (path === '/user/stats')
      return {
        json: {
          status: 1,
          senders: 3,
          services: 1,
          commands: 3,
          first_steps: { command_with_examples: { service_id: 2, command_id: 7 }, has_response: true },
        },
      };
    if (path === '/user/me')
      return { json: { status: 1, data: { user_id: 4, username: 'owner', avatar: null } } };
    return { status: 404, json: { status: 0, msg: 'Not found' } };
  };
}

/** Stubs `fetch`: the inbox stream answers from a fake stream the test writes to, every other call from `server`. */
export function stubInboxFetch(server: FakeServer) {
  const stream = new FakeNotificationStream();
  const answerJson = stubServer(server);
  const fetchStub = vi.fn(async (url: string, init?: RequestInit) =>
    url === '/api/stream_fetch/inbox' ? stream.open(init?.signal) : answerJson(url, init),
  );
  vi.stubGlobal('fetch', fetchStub);
  const emit = (event: 'handoff' | 'turn', data: object) =>
    stream.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  return { fetchStub, stream, emit };
}

/** The paths (with their query) the console asked with GET, oldest first. */
export function askedFor(
  fetchStub: ReturnType<typeof stubInboxFetch>['fetchStub'],
  prefix: string,
): string[] {
  return fetchStub.mock.calls
    .map(([url, init]) => ({ path: String(url).replace(/^\/api/, ''), method: init?.method ?? 'GET' }))
    .filter(({ path, method }) => method === 'GET' && path.startsWith(prefix))
    .map(({ path }) => path);
}

/** The bodies the console posted to `path`, oldest first. */
export function postedTo(fetchStub: ReturnType<typeof stubInboxFetch>['fetchStub'], path: string): unknown[] {
  return fetchStub.mock.calls
    .filter(([url, init]) => url === `/api${path}` && init?.method === 'POST')
    .map(([, init]) => (typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body));
}
