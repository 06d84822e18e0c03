import { type CommandResponseRecord, type ResponseBody, saveCommandResponseRequest } from '@hiwar/contracts';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client.ts';
import {
  commandResponseKey,
  saveCommandResponse,
  useCommandResponse,
} from '../../lib/command-response-api.ts';
import { responseMessageText } from './response-messages.ts';

export type { StepProps } from './step-props.ts';

/** The stored record without its ids and timestamps: what `{record}` of a save carries. */
export function responseBodyOf(stored: CommandResponseRecord): ResponseBody {
  const { resp_id, resp_command_id, created_at, updated_at, ...body } = stored;
  return body;
}

/** The contract's save rules (spec part 2 §5) broken by `body`, keyed by field path; empty when it may be saved. */
function ruleErrorsOf(body: ResponseBody, translate: (message: string) => string): Record<string, string> {
  const checked = saveCommandResponseRequest.safeParse({ record: body });
  const errors: Record<string, string> = {};
  if (checked.success) return errors;
  for (const issue of checked.error.issues) {
    const field = issue.path.slice(1).map(String).join('.');
    errors[field] ??= translate(issue.message);
  }
  return errors;
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
  // the owner's edits, kept only while they are edits of the record the server answered last
  const [draft, setDraft] = useState<{ source: CommandResponseRecord; body: ResponseBody } | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const source = stored.data;
  const record =
    source && draft?.source === source ? draft.body : source ? responseBodyOf(source) : undefined;

  const onChange = useCallback(
    (patch: Partial<ResponseBody>) => {
      if (!source) return;
      setDraft((current) => {
        const body = current?.source === source ? current.body : responseBodyOf(source);
        return { source, body: { ...body, ...patch } };
      });
    },
    [source],
  );

  const mutation = useMutation({
    mutationFn: (body: ResponseBody) => saveCommandResponse(commandId, body),
  });

  const save = async (patch: Partial<ResponseBody> = {}): Promise<boolean> => {
    if (!record) return false;
    const body = { ...record, ...patch };
    const translate = (message: string) => responseMessageText(t, message);
    if (source) setDraft({ source, body });
    const broken = ruleErrorsOf(body, translate);
    const [firstProblem] = Object.values(broken);
    if (firstProblem) {
      setErrors(broken);
      notifications.show({ color: 'red', message: firstProblem });
      return false;
    }
    try {
      await mutation.mutateAsync(body);
    } catch (error) {
      setErrors(recordErrorsOf(error, translate));
      notifications.show({ color: 'red', message: t('responses.serverError') });
      return false;
    }
    setErrors({});
    notifications.show({ color: 'green', message: t('messages.successfullyUpdated') });
    // saved, but what the owner configured would silently not run
    if (body.resp_actions.length > 0 && body.resp_action_status !== 1)
      notifications.show({ color: 'yellow', message: t('responses.builders.actions.savedOff') });
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
