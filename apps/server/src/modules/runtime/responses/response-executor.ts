import type { BotMessage, BotTexts, CommandResponseRecord, VariableRecord } from '@hiwar/contracts';
import type { Lang } from '@hiwar/nlu';
import type { Database } from '../../../platform/db/database.ts';
import type { OutboundHttp } from '../../../platform/net/outbound-http.ts';
import type { CommerceWrite } from '../../commerce/commerce-writes.ts';
import type { SubscriptionWrite } from '../../subscriptions/subscription-writes.ts';
import type { OutboundAction } from '../actions/outbound-actions.ts';
import type { SenderProfile } from '../turn-state.ts';

/**
 * What an executor may plan besides its replies: the turn writer stores it with the turn (so `/debug`, which
 * stores nothing, changes nothing) — the shopping cart's changes, mail to the owner about a new order.
 */
export interface PlannedEffects {
  commerce: CommerceWrite[];
  actions: OutboundAction[];
  /** the `sub` response's subscription */
  subscriptions?: SubscriptionWrite[];
}

/** What an executor may know of the turn; it reads, it never writes (`/debug` runs the same executors). */
export interface ResponseContext {
  readonly db: Database;
  /** the chatbot's owner: an executor reads only this owner's rows (and what they may use, e.g. public datasets) */
  readonly ownerId: number;
  /** `{{name}}` values: the command's variables as text and the sender variables (interpolate.ts) */
  readonly values: Readonly<Record<string, string>>;
  /** the sender bank's values by variable name, as stored (a location stays `{lat, lng}`) */
  readonly vars: Readonly<Record<string, unknown>>;
  /** the command's variables, for the ids a response names (`var_id` → `var_name`) */
  readonly variables: readonly VariableRecord[];
  readonly sender: SenderProfile;
  /** the location the sender shared with this message, if any */
  readonly location: { lat: number; lng: number } | null;
  /** the language of the sender's message among the bot's: the owner's text versions are chosen by it */
  readonly lang: Lang;
  /** the language the sender writes in: Hiwar's own words (the cart's, receipts', subscriptions') are said in it */
  readonly senderLang: Lang;
  /** the owner's wording of those words (chatbot settings), by text and language */
  readonly botTexts?: BotTexts;
  readonly now: Date;
  /** the arguments of the postback that started the command (`cmd:<id>?page=2`); {} when none */
  readonly args?: Readonly<Record<string, string>>;
  /** where an executor plans its writes (see PlannedEffects); set for every turn the runtime runs */
  readonly plan?: PlannedEffects;
  /** the process's outbound HTTP client (api responses); absent where no module set one (response-services.ts) */
  readonly http?: OutboundHttp;
  /** time limits of outbound calls and owners' SQL; the defaults unless set (tests shorten them) */
  readonly timeouts?: ResponseTimeouts;
}

export interface ResponseTimeouts {
  /** api responses: 10 s unless set, at most 30 s */
  apiMs?: number;
  /** data_source statements: 10 s unless set, never more */
  sqlMs?: number;
}

/**
 * Runs one response type: the messages it answers, or [] when it has nothing to show (the caller then answers
 * the response's fallback message). A thrown error is traced on the turn and answered with the fallback too —
 * the sender never sees it.
 */
export type ResponseExecutor = (
  response: CommandResponseRecord,
  context: ResponseContext,
) => Promise<BotMessage[]>;

/**
 * Thrown by an executor when a value the command collected cannot be used (a quantity that is not a positive
 * whole number, an item not on the menu): the runtime says `message`, forgets the variable's value and asks
 * for it again, and the command waits for the answer as it did before its response.
 */
export class AskAgain extends Error {
  readonly variableName: string;
  constructor(variableName: string, message: string) {
    super(message);
    this.variableName = variableName;
    this.name = 'AskAgain';
  }
}
