import type { ResponseBody } from '@hiwar/contracts';

/**
 * What every step of the command response editor (and every builder under `./builders/`) receives: the record
 * being edited, a way to change part of it, and the field errors of the last refused save, keyed by the
 * record's field path without the `record.` prefix (`resp_api_url`, `resp_dataset.resp.limit`).
 *
 * A step component only calls `onChange`; the editor frame renders the step's Save button under it, saves the
 * whole record with `POST /command_response/save/{id}` and moves on in the spec's order (options → template,
 * user-data → fallback, response-actions stays).
 */
export interface StepProps {
  commandId: number;
  serviceId: number;
  record: ResponseBody;
  onChange(patch: Partial<ResponseBody>): void;
  errors: Record<string, string>;
}
