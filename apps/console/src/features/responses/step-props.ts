import type { ResponseBody } from '@hiwar/contracts';

/**
 * What every step of the command response editor (and every builder under `./builders/`) receives: the record
 * being edited, a way to change part of it, and the field errors of the last refused save, keyed by the
 * record's field path without the `record.` prefix (`resp_api_url`, `resp_dataset.resp.limit`).
 */
export interface StepProps {
  commandId: number;
  serviceId: number;
  record: ResponseBody;
  onChange(patch: Partial<ResponseBody>): void;
  errors: Record<string, string>;
}
