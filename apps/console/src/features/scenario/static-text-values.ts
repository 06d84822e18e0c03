import type { CommandResponseRecord, LocalizedTexts, QuickReply, ResponseBody } from '@hiwar/contracts';
import { randomId } from '@mantine/hooks';

export interface QuickReplyRow {
  /** the row's React key, never sent */
  key: string;
  label: string;
  value: string;
  /** kept from the stored reply (set by the advanced editor); null for rows typed here */
  command_id: number | null;
  /** the label in other languages, kept from the stored reply (the advanced editor sets them) */
  label_langs?: LocalizedTexts;
}

/** What the Static text tab edits. */
export interface StaticTextValues {
  resp_text: string;
  resp_quick_reply: QuickReplyRow[];
}

export function staticTextValuesOf(record: CommandResponseRecord | undefined): StaticTextValues {
  return {
    resp_text: record?.resp_text ?? '',
    resp_quick_reply: (record?.resp_quick_reply ?? []).map((reply) => ({
      key: randomId(),
      label: reply.label,
      value: reply.value,
      command_id: reply.command_id,
      ...(reply.label_langs && { label_langs: reply.label_langs }),
    })),
  };
}

export function emptyQuickReply(): QuickReplyRow {
  return { key: randomId(), label: '', value: '', command_id: null };
}

function isBlank(row: QuickReplyRow): boolean {
  return row.label.trim() === '' && row.value.trim() === '';
}

/** Rows left wholly empty are dropped; a row with a value needs its label (the server refuses it otherwise). */
export function quickReplyErrors(rows: QuickReplyRow[], message: string): Record<string, string> {
  const errors: Record<string, string> = {};
  rows.forEach((row, index) => {
    if (!isBlank(row) && row.label.trim() === '') errors[`resp_quick_reply.${index}.label`] = message;
  });
  return errors;
}

function repliesOf(rows: QuickReplyRow[]): QuickReply[] {
  return rows
    .filter((row) => !isBlank(row))
    .map((row) => ({
      label: row.label.trim(),
      value: row.value.trim(),
      command_id: row.command_id,
      ...(row.label_langs && { label_langs: row.label_langs }),
    }));
}

/**
 * The record to save: the stored one (so fields set elsewhere, such as the fallback message or actions, are
 * kept) with the type set to text and the text and quick replies replaced.
 */
export function staticTextRecord(
  stored: CommandResponseRecord | undefined,
  values: StaticTextValues,
): ResponseBody {
  const body: Partial<CommandResponseRecord> = { ...stored };
  delete body.resp_id;
  delete body.resp_command_id;
  delete body.created_at;
  delete body.updated_at;
  return {
    ...(body as ResponseBody),
    resp_type: 'text',
    resp_text: values.resp_text,
    resp_quick_reply: repliesOf(values.resp_quick_reply),
  };
}
