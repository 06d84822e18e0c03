import type { ChatbotBrowseResponse, CommandListItem } from '@hiwar/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import type { ChatbotValues } from './chatbot-values.ts';

export const chatbotQueryKey = ['chatbot'] as const;

/** GET /chatbot/browse: the record (created with the defaults on first use), the owner id and the public token. */
export async function fetchChatbot(): Promise<ChatbotBrowseResponse> {
  return (await api.get<ChatbotBrowseResponse>('/chatbot/browse')) as ChatbotBrowseResponse;
}

export function useChatbot() {
  return useQuery({ queryKey: chatbotQueryKey, queryFn: fetchChatbot });
}

export function saveChatbot(values: ChatbotValues) {
  return api.post('/chatbot/save', values);
}

/** GET /chatbot/browse/{id}: the chatbot's name for the breadcrumbs. */
export async function fetchChatbotName(id: string): Promise<string> {
  const answer = await api.get<{ data: { name: string } }>(`/chatbot/browse/${id}`);
  return answer.data.name;
}

/** GET /command/get_all: the owner's own commands, for the fallback command selector. */
export function useOwnerCommands(isNeeded: boolean) {
  return useQuery({
    queryKey: ['commands', 'all'],
    queryFn: async () => (await api.get<{ data: CommandListItem[] }>('/command/get_all')).data,
    enabled: isNeeded,
  });
}
