import { type BotMessage, type BotWords, botWordsOf, type IncomingEvent } from '@hiwar/contracts';
import type { Lang } from '@hiwar/nlu';
import type { SenderKey } from '../../kernel/sender-key.ts';
import type { Database } from '../../platform/db/database.ts';
import type { StoredChatbot } from '../chatbot/chatbot-service.ts';
import type { CommerceWrite } from '../commerce/commerce-writes.ts';
import type { HandoffWrite } from '../handoff/handoff-writes.ts';
import type { Understanding } from '../nlu/index.ts';
import type { SubscriptionWrite } from '../subscriptions/subscription-writes.ts';
import type { OutboundAction } from './actions/outbound-actions.ts';
import type { UserDataWrite } from './actions/user-data.ts';
import type { PreferenceWrite } from './preference-repository.ts';
import type { SenderBank } from './sender-bank.ts';

/** The chatbot settings a conversation reads (no channel secrets: the runtime never needs them). */
export type RuntimeChatbot = Pick<
  StoredChatbot,
  | 'user_id'
  | 'chatbot_fallback_type'
  | 'chatbot_fallback_msg'
  | 'chatbot_fallback_msg_langs'
  | 'chatbot_fallback_options'
  | 'chatbot_fallback_command_id'
  | 'chatbot_exit_words'
  | 'chatbot_texts'
  | 'chatbot_parser'
>;

/** What the runtime needs from outside; `now` and `random` are injected so tests can move time and fix draws. */
export interface RuntimeDeps {
  db: Database;
  now?: () => Date;
  /** a number in [0, 1): random advertises show when random() * 100 < random_ratio */
  random?: () => number;
}

export interface ResolvedDeps {
  db: Database;
  now: () => Date;
  random: () => number;
}

export function resolveDeps(deps: RuntimeDeps): ResolvedDeps {
  return {
    db: deps.db,
    now: deps.now ?? (() => new Date()),
    random: deps.random ?? Math.random,
  };
}

export interface SenderProfile extends SenderKey {
  /** {{full_name}} */
  name?: string;
  /** {{username}} */
  username?: string;
}

/** One entry per pipeline step that ran: what it decided and how long it took. */
export interface StepTrace {
  step: string;
  note: string;
  ms: number;
}

/** Everything a turn knows while the steps run; the steps read the database but write only this (handleEvent
 * stores it afterwards, previewReplies never does). */
export interface TurnState {
  deps: ResolvedDeps;
  chatbot: RuntimeChatbot;
  sender: SenderProfile;
  event: IncomingEvent;
  /** the event as text: typed text, a plain postback payload, or `lat,lng` of a location */
  text: string;
  location: { lat: number; lng: number } | null;
  /** the language chosen for `text` among the bot's (language step; the understanding step may switch it to
   * `runnerUpLang` when that model reads the message better) */
  lang: Lang;
  runnerUpLang: Lang | null;
  /**
   * the language the sender writes in, for the words Hiwar says itself (message-language.ts): the turn's, or
   * the one the text is written in when the bot has no commands in it
   */
  senderLang: Lang;
  /** the language the page's or channel's locale names, a prior for `lang` */
  localeLang: Lang | null;
  bank: SenderBank;
  replies: BotMessage[];
  matched: { commandId: number; score: number } | null;
  /** the NLU's reading of `text`, computed at most once per turn */
  understanding: Understanding | null;
  /** the values a command answered with this turn (its bank is idle again afterwards): the test chat shows them */
  answeredValues: Record<string, unknown> | null;
  /**
   * Set when the chatbot fallback answered typed text: the commands the engine nearly chose, best first (the
   * owner's "not understood" inbox, modules/inbox).
   */
  notUnderstood: { commandId: number; score: number }[] | null;
  preferenceWrites: PreferenceWrite[];
  /** the response's user data, written with the turn */
  userDataWrites: UserDataWrite[];
  /** the response's mail and api actions, queued with the turn and sent after it is stored */
  actions: OutboundAction[];
  /** the shopping cart's changes (a cart's new lines, an order), written with the turn */
  commerceWrites: CommerceWrite[];
  /** the sender joining or leaving subscription channels, written with the turn */
  subscriptionWrites: SubscriptionWrite[];
  /** the hand-over to a person opened, kept going or closed, written with the turn (modules/handoff) */
  handoffWrites: HandoffWrite[];
  /** whether the sender is handed over once this turn is stored (kept in the bank as `handoff`) */
  isHandedOver: boolean;
  trace: StepTrace[];
}

/** Records what a step decided; the duration is filled in by the pipeline. */
export function note(turn: TurnState, step: string, text: string): void {
  turn.trace.push({ step, note: text, ms: 0 });
}

/** Hiwar's own words as the turn says them: in the sender's language, with the owner's wording where they set one. */
export function ownWordsOf(turn: Pick<TurnState, 'chatbot' | 'senderLang'>): BotWords {
  return botWordsOf(turn.chatbot.chatbot_texts, turn.senderLang);
}
