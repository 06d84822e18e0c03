import type { QualityResponse } from '@hiwar/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

export type QualityReports = Omit<QualityResponse, 'status'>;

/** GET /nlu/quality: the latest report per language, and whether one is being made. */
export async function fetchQuality(): Promise<QualityReports> {
  const answer = await api.get<QualityReports>('/nlu/quality');
  return { is_running: answer.is_running, data: answer.data };
}

/** Read again every few seconds while a report is being made, so it appears without a reload. */
export function useQuality() {
  return useQuery({
    queryKey: ['quality'],
    queryFn: fetchQuality,
    refetchInterval: (query) => (query.state.data?.is_running ? 3000 : false),
  });
}

/** Where a command's examples are edited: each row of the report links there. */
export function examplesPathOf(command: { service_id: number; command_id: number }): string {
  return `/services/${command.service_id}/commands/${command.command_id}/examples`;
}
