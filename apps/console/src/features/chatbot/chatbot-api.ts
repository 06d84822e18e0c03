import type { ChannelConnection, ChatbotBrowseResponse, CommandListItem } from '@hiwar/contracts';
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

/** The channels' connections as the platforms last answered them; refetched after every save. */
export const channelsStatusQueryKey = ['channels-status'] as const;

export type ChannelConnections = Record<string, ChannelConnection>;

const statuses = new Set<string>(['active', 'inactive', 'pending', 'banned']);

function isConnection(value: unknown): value is ChannelConnection {
  return (
    typeof value === 'object' &&
    value !== null &&
    statuses.has(String((value as { status?: unknown }).status))
  );
}

/**
 * GET /chatbot/channels_status: by channel name, what the platform answered when the server connected it (a
 * channel never connected is absent). Anything that is not a connection is left out.
 */
export async function fetchChannelsStatus(): Promise<ChannelConnections> {
  const answer = await api.get<{ data: Record<string, unknown> }>('/chatbot/channels_status');
  const connections: ChannelConnections = {};
  for (const [channel, value] of Object.entries(answer.data ?? {})) {
    if (isConnection(value))
      connections[channel] = {
        status: value.status,
        reason: typeof value.reason === 'string' ? value.reason : '',
        account: typeof value.account === 'string' ? value.account : '',
        updated_at: typeof value.updated_at === 'string' ? value.updated_at : '',
      };
  }
  return connections;
}

export function useChannelsStatus() {
  return useQuery({ queryKey: channelsStatusQueryKey, queryFn: fetchChannelsStatus });
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
