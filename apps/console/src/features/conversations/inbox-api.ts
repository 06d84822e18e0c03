import type { InboxResponse } from '@hiwar/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

/** Every query of the "not understood" inbox starts with this key: its groups and the waiting counts. */
export const inboxKey = ['inbox'] as const;
export const waitingKey = [...inboxKey, 'waiting'] as const;

export type InboxPage = Omit<InboxResponse, 'status'>;

/** GET /inbox/not_understood: the open groups, 20 a page, similar messages together. */
export async function fetchInbox(page: number): Promise<InboxPage> {
  const answer = await api.get<InboxPage>(`/inbox/not_understood?page=${page}`);
  return { page: answer.page, pages_count: answer.pages_count, waiting: answer.waiting, data: answer.data };
}

export function useInbox(page: number) {
  return useQuery({
    queryKey: [...inboxKey, 'groups', page],
    queryFn: () => fetchInbox(page),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** POST /inbox/not_understood/{id}/add_example: the message becomes an example of the command. */
export async function addInboxExample(groupId: number, turnId: number, commandId: number): Promise<string> {
  const answer = await api.post(`/inbox/not_understood/${groupId}/add_example`, {
    turn_id: turnId,
    command_id: commandId,
  });
  return answer.msg ?? '';
}

/** POST /inbox/not_understood/{id}/dismiss: the group leaves the inbox and stays out. */
export async function dismissInboxGroup(groupId: number): Promise<string> {
  return (await api.post(`/inbox/not_understood/${groupId}/dismiss`)).msg ?? '';
}

export interface WaitingCounts {
  /** messages waiting in the "not understood" inbox */
  waiting: number;
  /** conversations handed over to a person */
  handoffs: number;
}

/** GET /inbox/waiting: the sidebar badge's and the dashboard card's counts. */
export async function fetchWaiting(): Promise<WaitingCounts> {
  const { data } = await api.get<{ data: WaitingCounts }>('/inbox/waiting');
  return { waiting: data.waiting, handoffs: data.handoffs };
}

export function useWaitingCounts() {
  return useQuery({ queryKey: waitingKey, queryFn: fetchWaiting, retry: false });
}
