import { type BotLanguage, botLanguages, type ExampleRecord } from '@hiwar/contracts';

/** The texts of a reply that senders read, by the name of the field (`resp_text`) or its `_default_value`. */
const SHOWN_TEXTS = ['resp_text', 'resp_fallback_msg', 'label', 'message', 'title', 'subtitle'];

function plainText(record: Record<string, unknown>, base: string): string {
  // a title or subtitle read from the data (`title_key`) is not written here
  if (typeof record[`${base}_key`] === 'string' && (record[`${base}_key`] as string).trim() !== '') return '';
  const plain = record[base] ?? record[`${base}_default_value`];
  return typeof plain === 'string' ? plain.trim() : '';
}

/** Whether some text of the reply, anywhere in it, is written but has no version in `lang`. */
function lacksVersion(value: unknown, lang: BotLanguage): boolean {
  if (Array.isArray(value)) return value.some((item) => lacksVersion(item, lang));
  if (value === null || typeof value !== 'object') return false;
  const record = value as Record<string, unknown>;
  const isMissing = SHOWN_TEXTS.some((base) => {
    if (plainText(record, base) === '') return false;
    const versions = record[`${base}_langs`] as Partial<Record<BotLanguage, string | null>> | undefined;
    return !versions?.[lang]?.trim();
  });
  return isMissing || Object.values(record).some((inner) => lacksVersion(inner, lang));
}

/**
 * The languages the command's active examples are written in that its reply has no version for: senders
 * writing in them are understood, and answered in the command's language.
 */
export function languagesWithoutReply(
  reply: unknown,
  commandLang: string,
  examples: readonly Pick<ExampleRecord, 'example_lang' | 'example_status'>[],
): BotLanguage[] {
  const written = new Set(
    examples.filter((example) => example.example_status === 1).map((example) => example.example_lang),
  );
  return botLanguages.filter(
    (lang) => lang !== commandLang && written.has(lang) && lacksVersion(reply, lang),
  );
}
