import type { ExampleRecord, NegativeExampleRecord } from '@hiwar/contracts';
import { useQuery } from '@tanstack/react-query';
import { api, apiRequest } from '../../lib/api-client.ts';
import { downloadApiFile } from '../../lib/download-file.ts';

export async function fetchServiceExamples(serviceId: number): Promise<ExampleRecord[]> {
  const answer = await api.get<{ data: ExampleRecord[] }>(`/service/${serviceId}/examples`);
  return answer.data;
}

export function useServiceExamples(serviceId: number) {
  return useQuery({
    queryKey: ['examples', 'service', serviceId],
    queryFn: () => fetchServiceExamples(serviceId),
    enabled: serviceId > 0,
  });
}

/** Downloads GET /service/{id}/examples?type=file (saved under the server's file name). */
export function downloadServiceExamples(serviceId: number): Promise<void> {
  return downloadApiFile(`/service/${serviceId}/examples?type=file`, `service-${serviceId}-examples.json`);
}

/** GET /service/{id}/negative_examples: messages marked "not for this bot" that the service answered. */
export async function fetchServiceNegatives(serviceId: number): Promise<NegativeExampleRecord[]> {
  const answer = await api.get<{ data: NegativeExampleRecord[] }>(`/service/${serviceId}/negative_examples`);
  return answer.data;
}

export function useServiceNegatives(serviceId: number) {
  return useQuery({
    queryKey: ['examples', 'service', serviceId, 'negatives'],
    queryFn: () => fetchServiceNegatives(serviceId),
    enabled: serviceId > 0,
  });
}

/** DELETE /negative_example/{id}: the bot may answer such messages again. */
export async function removeNegative(id: number): Promise<void> {
  await apiRequest('DELETE', `/negative_example/${id}`);
}
