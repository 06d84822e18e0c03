import {
  type CheckIfFreeResponse,
  type ExampleRecord,
  type LastTraining,
  nluMessages,
  type SaveExampleRequest,
} from '@hiwar/contracts';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { ApiError, api, apiRequest } from '../../lib/api-client.ts';

/** Shared with the commands screens, which list the same examples. */
export const examplesQueryKey = (commandId: number) => ['examples', 'command', commandId] as const;

async function fetchExamples(commandId: number): Promise<ExampleRecord[]> {
  const answer = await api.post<{ data: ExampleRecord[] }>(`/command_example/get/${commandId}`);
  return answer.data;
}

export function useExamples(commandId: number) {
  return useQuery({ queryKey: examplesQueryKey(commandId), queryFn: () => fetchExamples(commandId) });
}

/** POST /command_example/save_example: creates (no _id) or updates one example; answers the stored record. */
export async function saveExample(example: SaveExampleRequest): Promise<ExampleRecord> {
  const answer = await api.post<{ data: ExampleRecord }>('/command_example/save_example', example);
  return answer.data;
}

export function deleteExample(exampleId: number) {
  return apiRequest('DELETE', `/command_example/delete/${exampleId}`);
}

export function setExampleStatus(exampleId: number, status: 0 | 1) {
  return api.post(`/command_example/set_status/${exampleId}`, { status });
}

/** The models' state (model-state.tsx), asked again after every change of examples. */
export const modelStateQueryKey = ['nlu', 'model-state'] as const;

/** After a change of examples: the state is asked again (the server says "updating" until the model is live). */
function refreshModelState(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: modelStateQueryKey });
}

/** The saved record takes the place of its old copy in the cached list; a new one goes first. */
export function storeSavedExample(queryClient: QueryClient, commandId: number, saved: ExampleRecord) {
  refreshModelState(queryClient);
  queryClient.setQueryData<ExampleRecord[]>(examplesQueryKey(commandId), (list = []) =>
    list.some((example) => example._id === saved._id)
      ? list.map((example) => (example._id === saved._id ? saved : example))
      : [saved, ...list],
  );
}

export function patchExampleStatus(
  queryClient: QueryClient,
  commandId: number,
  exampleId: number,
  status: 0 | 1,
) {
  refreshModelState(queryClient);
  queryClient.setQueryData<ExampleRecord[]>(examplesQueryKey(commandId), (list = []) =>
    list.map((example) => (example._id === exampleId ? { ...example, example_status: status } : example)),
  );
}

export function forgetExample(queryClient: QueryClient, commandId: number, exampleId: number) {
  refreshModelState(queryClient);
  queryClient.setQueryData<ExampleRecord[]>(examplesQueryKey(commandId), (list = []) =>
    list.filter((example) => example._id !== exampleId),
  );
}

/** GET /command_example/train/{command_id}: starts training ("Training started"); "still running" if it runs. */
export async function startTraining(commandId: number): Promise<string> {
  const answer = await api.get(`/command_example/train/${commandId}`);
  return answer.msg ?? '';
}

/** The answer of the training calls while the owner's training runs (a status 0 answer). */
export function isStillRunning(error: unknown): boolean {
  return error instanceof ApiError && error.message === nluMessages.stillRunning;
}

/** What check-if-free tells: whether the owner's training is busy, and how the last one that ended went. */
export interface TrainingCheck {
  isBusy: boolean;
  /** null before the first training, and while busy when the answer carried none */
  lastTraining: LastTraining | null;
}

/** GET /command_example/check-if-free: `free` with the last training, or status 0 "still running" while busy. */
export async function checkTraining(): Promise<TrainingCheck> {
  try {
    const answer = await api.get<Pick<CheckIfFreeResponse, 'last_training'>>(
      '/command_example/check-if-free',
    );
    return { isBusy: false, lastTraining: answer.last_training ?? null };
  } catch (error) {
    if (isStillRunning(error)) return { isBusy: true, lastTraining: null };
    throw error;
  }
}
