import {
  type CommandLang,
  commandLangs,
  type ExampleRecord,
  type SaveExampleRequest,
} from '@hiwar/contracts';
import { type ExampleTag, keepTagsFoundIn } from './example-tagging.ts';
import { hasArabicScript } from './text-direction.ts';

/** An example as the tab edits it: a stored record's working copy, or a new one (no id yet). */
export interface ExampleDraft {
  /** the stored record's _id; null until first saved */
  id: number | null;
  text: string;
  lang: string;
  /**
   * whether `lang` is settled (stored, or picked by the owner) rather than guessed while a new example is typed:
   * a guessed language is left to the server, which reads it off the text (Arabic script, English or German)
   */
  isLangSettled: boolean;
  tags: ExampleTag[];
  status: 0 | 1;
}

export function draftOf(record: ExampleRecord): ExampleDraft {
  return {
    id: record._id,
    text: record.example_text,
    lang: record.example_lang,
    isLangSettled: true,
    tags: record.example_vars,
    status: record.example_status === 1 ? 1 : 0,
  };
}

/** Spec §3: a new example is active and in the command's language, until its text says otherwise. */
export function newDraft(lang: string): ExampleDraft {
  return { id: null, text: '', lang, isLangSettled: false, tags: [], status: 1 };
}

/**
 * The draft with its text changed. A guessed language follows the script (Arabic, or back to the command's); a
 * settled one is kept unless the text is now in the other script, when the server reads it off the text again.
 */
export function withText(draft: ExampleDraft, text: string, commandLang: string): ExampleDraft {
  const isArabic = hasArabicScript(text);
  if (draft.isLangSettled && isArabic === (draft.lang === 'ar')) return { ...draft, text };
  const guess = isArabic ? 'ar' : draft.isLangSettled || draft.lang === 'ar' ? commandLang : draft.lang;
  return { ...draft, text, lang: guess, isLangSettled: false };
}

/** The draft in the language the owner picked. */
export function withLang(draft: ExampleDraft, lang: CommandLang): ExampleDraft {
  return { ...draft, lang, isLangSettled: true };
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
    example_lang: draft.isLangSettled ? commandLangOf(draft.lang) : null,
    example_vars: keepTagsFoundIn(text, draft.tags),
    example_status: draft.status,
  };
}

export function isSameDraft(a: ExampleDraft, b: ExampleDraft): boolean {
  return (
    a.text === b.text &&
    a.lang === b.lang &&
    a.status === b.status &&
    JSON.stringify(a.tags) === JSON.stringify(b.tags)
  );
}
