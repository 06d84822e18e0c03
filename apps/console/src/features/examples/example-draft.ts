import {
  type CommandLang,
  commandLangs,
  type ExampleRecord,
  type SaveExampleRequest,
} from '@hiwar/contracts';
import { type ExampleTag, keepTagsFoundIn } from './example-tagging.ts';

/** An example as the tab edits it: a stored record's working copy, or a new one (no id yet). */
export interface ExampleDraft {
  /** the stored record's _id; null until first saved */
  id: number | null;
  text: string;
  lang: string;
  tags: ExampleTag[];
  status: 0 | 1;
}

export function draftOf(record: ExampleRecord): ExampleDraft {
  return {
    id: record._id,
    text: record.example_text,
    lang: record.example_lang,
    tags: record.example_vars,
    status: record.example_status === 1 ? 1 : 0,
  };
}

/** Spec §3: a new example is active and in the command's language. */
export function newDraft(lang: string): ExampleDraft {
  return { id: null, text: '', lang, tags: [], status: 1 };
}

function commandLangOf(lang: string): CommandLang | null {
  return (commandLangs as readonly string[]).includes(lang) ? (lang as CommandLang) : null;
}

/** The save request of a draft; tags whose text was edited away are left out (the server refuses them). */
export function saveRequestOf(draft: ExampleDraft, commandId: number): SaveExampleRequest {
  const text = draft.text.trim();
  return {
    ...(draft.id !== null && { _id: draft.id }),
    example_command_id: commandId,
    example_text: text,
    example_lang: commandLangOf(draft.lang),
    example_vars: keepTagsFoundIn(text, draft.tags),
    example_status: draft.status,
  };
}

export function isSameDraft(a: ExampleDraft, b: ExampleDraft): boolean {
  return a.text === b.text && a.status === b.status && JSON.stringify(a.tags) === JSON.stringify(b.tags);
}
