import type {
  BotMessage,
  IncomingEvent,
  StepTraceView,
  TestChatHistory,
  TestChatTurn,
} from '@hiwar/contracts';

/** What the panel shows under a bot answer; a turn read back from the history knows no values of its own. */
export interface TurnView {
  turnId: number;
  replies: BotMessage[];
  lang: string | null;
  matched: TestChatTurn['matched'];
  /** absent for earlier turns of the history: only the conversation's present state is stored */
  variables?: Record<string, unknown>;
  waitingFor?: string | null;
  trace: StepTraceView[];
}

/** One exchange: what the test sender sent, then the bot's answer, a failure, or nothing yet. */
export interface ChatEntry {
  key: string;
  event: IncomingEvent;
  turn?: TurnView;
  error?: string;
}

export function turnViewOf(turn: TestChatTurn): TurnView {
  return {
    turnId: turn.turn_id,
    replies: turn.replies,
    lang: turn.lang,
    matched: turn.matched,
    variables: turn.variables,
    waitingFor: turn.waiting_for,
    trace: turn.trace,
  };
}

/** The stored turns as entries; the last one carries the conversation's present values and awaited variable. */
export function entriesOfHistory(history: TestChatHistory): ChatEntry[] {
  return history.turns.map((turn, index) => {
    const isLast = index === history.turns.length - 1;
    return {
      key: `turn-${turn.turn_id}`,
      event: turn.event,
      turn: {
        turnId: turn.turn_id,
        replies: turn.replies,
        lang: turn.lang,
        matched: turn.matched,
        ...(isLast && { variables: history.variables, waitingFor: history.waiting_for }),
        trace: turn.trace,
      },
    };
  });
}

/** What the sender's bubble says: the typed text, the pressed button's label, or the shared place. */
export function senderTextOf(event: IncomingEvent): string {
  if (event.type === 'text') return event.text;
  if (event.type === 'postback') return event.label || event.payload;
  if (event.type === 'media') return event.kind;
  return `${event.lat}, ${event.lng}`;
}
