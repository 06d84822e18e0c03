import type { ConversationsResponse, HandoffView, TurnsResponse } from '@hiwar/contracts';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

/** Every query of this feature starts with this key: the list, a transcript and its hand-over. */
export const conversationsKey = ['conversations'] as const;

/** The list's filters as the URL and GET /conversations spell them; an absent one does not filter. */
export interface ConversationFilters {
  platform?: string;
  from?: string;
  to?: string;
  lang?: string;
  command_id?: string;
  not_understood?: '1';
  handed_over?: '1';
  search?: string;
}

export const filterNames = [
  'platform',
  'from',
  'to',
  'lang',
  'command_id',
  'not_understood',
  'handed_over',
  'search',
] as const satisfies readonly (keyof ConversationFilters)[];

export type ConversationsPage = Omit<ConversationsResponse, 'status'>;

/** The path of one conversation's calls; the key (`web:123`) is one path segment. */
export function senderPath(senderKey: string): string {
  return `/conversations/${encodeURIComponent(senderKey)}`;
}

/** GET /conversations: 20 senders a page, the newest first, with the filters that are set. */
export async function fetchConversations(
  page: number,
  filters: ConversationFilters,
): Promise<ConversationsPage> {
  const query = new URLSearchParams({ page: String(page) });
  for (const name of filterNames) {
    const value = filters[name];
    if (value) query.set(name, value);
  }
  const { per_page, has_more, data } = await api.get<ConversationsPage>(`/conversations?${query}`);
  return { page, per_page, has_more, data };
}

export function useConversations(page: number, filters: ConversationFilters, isEnabled = true) {
  return useQuery({
    enabled: isEnabled,
    queryKey: [...conversationsKey, 'list', page, filters],
    queryFn: () => fetchConversations(page, filters),
    placeholderData: keepPreviousData,
    // new messages arrive without the owner: read again each time the list opens
    staleTime: 0,
  });
}

export type TurnsPage = Omit<TurnsResponse, 'status'>;

/** GET /conversations/{sender_key}/turns: page 1 is the newest 50 turns, higher pages go back in time. */
export async function fetchTurns(senderKey: string, page: number): Promise<TurnsPage> {
  const answer = await api.get<TurnsPage>(`${senderPath(senderKey)}/turns?page=${page}`);
  const { pages_count, total, sender, data, notices } = answer;
  return { page: answer.page, pages_count, total, sender, data, notices };
}

export function transcriptKey(senderKey: string) {
  return [...conversationsKey, 'turns', senderKey] as const;
}

/** Whether a reply on the loaded pages still waits for its platform (the transcript then looks again). */
function isWaitingForPlatform(pages: readonly TurnsPage[] | undefined): boolean {
  return (pages ?? []).some((page) =>
    page.data.some((turn) => turn.delivery?.status === 'pending' || turn.delivery?.status === 'sending'),
  );
}

/**
 * A transcript, newest page first. Fresh for a few seconds only, so the breadcrumb's name lookup and the screen
 * share one request; the stream refreshes it when the sender writes, and while a reply waits for its platform
 * it is read again every 5 s, so "waiting for Telegram" turns into "delivered" by itself.
 */
export function transcriptQuery(senderKey: string) {
  return infiniteQueryOptions({
    queryKey: transcriptKey(senderKey),
    queryFn: ({ pageParam }) => fetchTurns(senderKey, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last: TurnsPage) => (last.page < last.pages_count ? last.page + 1 : undefined),
    retry: false,
    staleTime: 5_000,
    refetchInterval: (query) => (isWaitingForPlatform(query.state.data?.pages) ? 5_000 : false),
  });
}

/** `fetchNextPage` loads the earlier messages. */
export function useTranscript(senderKey: string) {
  return useInfiniteQuery(transcriptQuery(senderKey));
}

export function handoffKey(senderKey: string) {
  return [...conversationsKey, 'handoff', senderKey] as const;
}

/** GET /conversations/{sender_key}/handoff: the hand-over to a person, or null while the bot answers. */
export async function fetchHandoff(senderKey: string): Promise<HandoffView | null> {
  return (await api.get<{ data: HandoffView | null }>(`${senderPath(senderKey)}/handoff`)).data;
}

export function useHandoff(senderKey: string) {
  return useQuery({
    queryKey: handoffKey(senderKey),
    queryFn: () => fetchHandoff(senderKey),
    retry: false,
    staleTime: 0,
  });
}

/** POST /conversations/{sender_key}/reply: the owner's answer, delivered to the sender as a notice. */
export async function replyToSender(senderKey: string, text: string): Promise<string> {
  return (await api.post(`${senderPath(senderKey)}/reply`, { text })).msg ?? '';
}

/** POST /conversations/{sender_key}/release: the bot answers this sender again. */
export async function giveBackToBot(senderKey: string): Promise<string> {
  return (await api.post(`${senderPath(senderKey)}/release`)).msg ?? '';
}

/** POST …/turns/{turn_id}/correct ("Wrong command?"): the message becomes an example of the command. */
export async function correctTurn(senderKey: string, turnId: number, commandId: number): Promise<string> {
  return (
    (await api.post(`${senderPath(senderKey)}/turns/${turnId}/correct`, { command_id: commandId })).msg ?? ''
  );
}

/** POST …/turns/{turn_id}/not_for_bot: the message becomes a negative example of the service that answered it. */
export async function markNotForBot(senderKey: string, turnId: number): Promise<string> {
  return (await api.post(`${senderPath(senderKey)}/turns/${turnId}/not_for_bot`)).msg ?? '';
}
