import type { IncomingEvent, TestChatHistory, TestChatTurn } from '@hiwar/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

/** POST /test_chat/send: one message of the owner's test sender through the real bot. */
export async function sendTestMessage(event: IncomingEvent): Promise<TestChatTurn> {
  return (await api.post<{ data: TestChatTurn }>('/test_chat/send', { event })).data;
}

/** POST /test_chat/reset: the test sender is forgotten; its next message starts afresh. */
export async function resetTestChat(): Promise<void> {
  await api.post('/test_chat/reset');
}

/** GET /test_chat/history: the test sender's last turns, to reopen the panel where it was left. */
export async function fetchTestChatHistory(): Promise<TestChatHistory> {
  return (await api.get<{ data: TestChatHistory }>('/test_chat/history')).data;
}

/** Read afresh each time the panel opens: nothing is kept once it closes. */
export function useTestChatHistory() {
  return useQuery({
    queryKey: ['test-chat', 'history'],
    queryFn: fetchTestChatHistory,
    gcTime: 0,
    retry: false,
  });
}

export function useSendTestMessage() {
  return useMutation({ mutationFn: sendTestMessage });
}

export function useResetTestChat() {
  return useMutation({ mutationFn: resetTestChat });
}
