import type { DebugResult } from '@hiwar/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

/** GET /debug?message=: what the bot makes of a message, without storing anything. */
export async function debugMessage(message: string): Promise<DebugResult> {
  const answer = await api.get<{ data: DebugResult }>(`/debug?message=${encodeURIComponent(message)}`);
  return answer.data;
}

export function useDebugRun() {
  return useMutation({ mutationFn: debugMessage });
}
