import type { Lang } from '@hiwar/nlu';

/** How a value in the bank was obtained: only values the sender gave become preferences. */
export type ValueSource = 'message' | 'answer' | 'preference' | 'default';

/**
 * The per-sender conversation state (DESIGN.md §5): the command in progress, the variable being prompted for
 * (`cursor`, a var_id), the values known so far by variable name, and the names still to ask.
 */
export interface SenderBank {
  command_id: number | null;
  cursor: number | null;
  in_progress: boolean;
  vars: Record<string, unknown>;
  var_sources: Record<string, ValueSource>;
  prompt: { vars: string[] };
  /** what started the command: postback, nlu, fallback, redirect */
  reply_source: string;
  /** the message that started the command ({{message}}) */
  msg: string;
  /** the language of the sender's last message with letters: a prior for the next one's */
  lang: Lang | null;
  /** unanswered tries of the variable at the cursor (the bot stops asking after the variable's limit) */
  tries?: number;
  /** the arguments of the postback that started the command (`cmd:<id>?…`), for its response; absent when none */
  args?: Record<string, string>;
  /** present while the sender is handed over to a person (modules/handoff holds the hand-over itself) */
  handoff?: true;
}

export function idleBank(): SenderBank {
  return {
    command_id: null,
    cursor: null,
    in_progress: false,
    vars: {},
    var_sources: {},
    prompt: { vars: [] },
    reply_source: '',
    msg: '',
    lang: null,
  };
}

function isTextRecord(value: unknown): value is Record<string, string> {
  return (
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    Object.values(value).every((item) => typeof item === 'string')
  );
}

/** A stored bank read leniently: a missing or malformed field takes its idle value. */
export function bankOf(stored: unknown): SenderBank {
  const idle = idleBank();
  if (stored === null || typeof stored !== 'object') return idle;
  const value = stored as Partial<SenderBank>;
  const isIdNumber = (id: unknown): id is number => typeof id === 'number' && Number.isSafeInteger(id);
  return {
    command_id: isIdNumber(value.command_id) ? value.command_id : null,
    cursor: isIdNumber(value.cursor) ? value.cursor : null,
    in_progress: value.in_progress === true,
    vars: value.vars && typeof value.vars === 'object' ? value.vars : {},
    var_sources: value.var_sources && typeof value.var_sources === 'object' ? value.var_sources : {},
    prompt: { vars: Array.isArray(value.prompt?.vars) ? value.prompt.vars.map(String) : [] },
    reply_source: typeof value.reply_source === 'string' ? value.reply_source : '',
    msg: typeof value.msg === 'string' ? value.msg : '',
    lang: value.lang === 'ar' || value.lang === 'en' || value.lang === 'de' ? value.lang : null,
    ...(typeof value.tries === 'number' &&
      Number.isSafeInteger(value.tries) &&
      value.tries > 0 && { tries: value.tries }),
    ...(isTextRecord(value.args) && { args: value.args }),
    ...(value.handoff === true && { handoff: true as const }),
  };
}
