import type { CommandResponseRecord, ResponseBody } from '@hiwar/contracts';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client.ts';
import { localizeMessage } from '../../lib/messages.ts';
import { commandResponseKey, saveCommandResponse, useCommandResponse } from '../scenario/response-api.ts';

export type { StepProps } from './step-props.ts';

/** The stored record without its ids and timestamps: what `{record}` of a save carries. */
export function responseBodyOf(stored: CommandResponseRecord): ResponseBody {
  const { resp_id, resp_command_id, created_at, updated_at, ...body } = stored;
  return body;
}

/** A refused save's field errors keyed by the record's own paths (`record.resp_api_url` → `resp_api_url`). */
function recordErrorsOf(error: unknown, translate: (message: string) => string): Record<string, string> {
  if (!(error instanceof ApiError) || error.fieldErrors === undefined) return {};
  if (typeof error.fieldErrors === 'string') return { record: translate(error.fieldErrors) };
  const errors: Record<string, string> = {};
  for (const [field, messages] of Object.entries(error.fieldErrors)) {
    const first = messages[0];
    if (first) errors[field.replace(/^record\./, '')] = translate(first);
  }
  return errors;
}

export interface ResponseRecordEditor {
  /** the record with the owner's unsaved edits; undefined until loaded */
  record: ResponseBody | undefined;
  /** whether the command has a stored response (a new one starts at the type step) */
  isStored: boolean;
  isLoading: boolean;
  onChange(patch: Partial<ResponseBody>): void;
  errors: Record<string, string>;
  setErrors(errors: Record<string, string>): void;
  /** saves the record (with `patch` applied first); resolves whether it was saved */
  save(patch?: Partial<ResponseBody>): Promise<boolean>;
  isSaving: boolean;
  /** takes the stored record again (after a step saved it through another call) */
  reload(): Promise<void>;
}

/**
 * The command response editor's shared state (spec part 2 §2): the stored record (the server answers it
 * normalised), the owner's edits across the steps, and the save with its toasts and field errors.
 */
export function useResponseRecord(commandId: number): ResponseRecordEditor {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const stored = useCommandResponse(commandId);
  const [record, setRecord] = useState<ResponseBody | undefined>(undefined);
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    if (stored.data) setRecord(responseBodyOf(stored.data));
  }, [stored.data]);

  const onChange = useCallback((patch: Partial<ResponseBody>) => {
    setRecord((current) => (current ? { ...current, ...patch } : current));
  }, []);

  const mutation = useMutation({
    mutationFn: (body: ResponseBody) => saveCommandResponse(commandId, body),
  });

  const save = async (patch: Partial<ResponseBody> = {}): Promise<boolean> => {
    if (!record) return false;
    const body = { ...record, ...patch };
    setRecord(body);
    try {
      await mutation.mutateAsync(body);
    } catch (error) {
      setErrors(recordErrorsOf(error, (message) => localizeMessage(t, message)));
      notifications.show({ color: 'red', message: t('responses.serverError') });
      return false;
    }
    setErrors({});
    notifications.show({ color: 'green', message: t('messages.successfullyUpdated') });
    await queryClient.invalidateQueries({ queryKey: commandResponseKey(commandId) });
    return true;
  };

  const reload = async () => {
    await queryClient.invalidateQueries({ queryKey: commandResponseKey(commandId) });
  };

  return {
    record,
    isStored: (stored.data?.resp_id ?? null) !== null,
    isLoading: stored.isLoading,
    onChange,
    errors,
    setErrors,
    save,
    isSaving: mutation.isPending,
    reload,
  };
}
