import type { BotMessage, IncomingEvent } from '@hiwar/contracts';
import type { Lang } from '@hiwar/nlu';
import { senderKeyText } from '../../kernel/sender-key.ts';
import type { Database } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { relayTurnToChatwoot } from '../handoff/chatwoot-relay.ts';
import { wakeActionDispatcher } from './actions/action-dispatcher.ts';
import { type LoadedBank, loadBank } from './bank-repository.ts';
import { hasLetters, languageOfLocale } from './message-language.ts';
import type { SenderBank } from './sender-bank.ts';
import { KeyedQueue } from './sender-queue.ts';
import { runPipeline } from './steps.ts';
import {
  type ResolvedDeps,
  type RuntimeChatbot,
  type RuntimeDeps,
  resolveDeps,
  type SenderProfile,
  type StepTrace,
  type TurnState,
} from './turn-state.ts';
import { displayTextOf } from './turn-text.ts';
import { turnWriterOf } from './turn-writer.ts';

export interface IncomingTurn {
  chatbot: RuntimeChatbot;
  /** the sender on its platform; the owner is the chatbot's */
  sender: Omit<SenderProfile, 'userId'>;
  event: IncomingEvent;
  /** the page's or app's locale: a prior for the message's language (alone decides one without letters) */
  locale?: string;
  /**
   * Runs in the transaction that stores the turn, with its id: a channel marks the platform's update answered
   * in the same commit, so an update is never answered by two turns. `lang`: the language the replies speak to
   * the sender in (Hiwar's own words among them follow it).
   */
  afterStored?: (db: Database, turnId: number, replies: readonly BotMessage[], lang: Lang) => Promise<void>;
}

export interface HandledTurn {
  turnId: number;
  replies: BotMessage[];
  matched: { commandId: number; score: number } | null;
  bank: SenderBank;
  /** the values the command answered with (its bank is idle again once it answered); null when none answered */
  answeredValues: Record<string, unknown> | null;
  /** the language the turn was read in */
  lang: Lang;
  trace: StepTrace[];
}

const MAX_ATTEMPTS = 5;

const hasText = (event: IncomingEvent) => event.type === 'text' || event.type === 'postback';
const queue = new KeyedQueue();

function textOf(event: IncomingEvent): string {
  if (event.type === 'text') return event.text;
  if (event.type === 'postback') return event.payload;
  return '';
}

/** A fresh turn over a bank as read; its language is chosen by the pipeline's first step. */
export function newTurnState(deps: ResolvedDeps, input: IncomingTurn, bank: SenderBank): TurnState {
  const text = textOf(input.event);
  const localeLang = languageOfLocale(input.locale);
  return {
    deps,
    chatbot: input.chatbot,
    sender: { ...input.sender, userId: input.chatbot.user_id },
    event: input.event,
    text,
    location: input.event.type === 'location' ? { lat: input.event.lat, lng: input.event.lng } : null,
    lang: localeLang ?? bank.lang ?? 'en',
    runnerUpLang: null,
    senderLang: localeLang ?? bank.lang ?? 'en',
    localeLang,
    bank,
    replies: [],
    matched: null,
    understanding: null,
    answeredValues: null,
    notUnderstood: null,
    preferenceWrites: [],
    userDataWrites: [],
    actions: [],
    commerceWrites: [],
    subscriptionWrites: [],
    handoffWrites: [],
    isHandedOver: bank.handoff === true,
    trace: [],
  };
}

/** Stores the turn (group-committed); null when another writer changed the bank since it was read. */
function commitTurn(
  turn: TurnState,
  loaded: LoadedBank,
  afterStored?: IncomingTurn['afterStored'],
): Promise<number | null> {
  // a cart change always writes the bank: its version check is what keeps the sender's cart writes in order
  const isBankChanged =
    loaded.version === 0 ||
    turn.commerceWrites.length > 0 ||
    JSON.stringify(turn.bank) !== JSON.stringify(loaded.bank);
  return turnWriterOf(turn.deps.db).write({
    sender: turn.sender,
    readVersion: loaded.version,
    bank: isBankChanged ? turn.bank : null,
    preferences: turn.preferenceWrites,
    userData: turn.userDataWrites,
    actions: turn.actions,
    commerce: turn.commerceWrites,
    subscriptions: turn.subscriptionWrites,
    handoffs: turn.handoffWrites,
    ...(afterStored && {
      afterStored: (db: Database, turnId: number, replies: readonly BotMessage[]) =>
        afterStored(db, turnId, replies, turn.senderLang),
    }),
    turn: {
      event: turn.event,
      commandId: turn.matched?.commandId ?? null,
      score: turn.matched?.score ?? null,
      replies: turn.replies,
      trace: turn.trace,
      createdAt: turn.deps.now().toISOString(),
      // nothing was read: no language to count (a location, media)
      lang: hasText(turn.event) ? turn.lang : null,
      senderLang: hasText(turn.event) ? turn.senderLang : null,
      notUnderstood: turn.notUnderstood,
    },
  });
}

async function handleWithRetries(deps: ResolvedDeps, input: IncomingTurn): Promise<HandledTurn> {
  const sender = { ...input.sender, userId: input.chatbot.user_id };
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
    const loaded = await loadBank(deps.db, sender);
    const turn = newTurnState(deps, input, structuredClone(loaded.bank));
    await runPipeline(turn);
    // Only typed words say which language the sender writes: a button's payload ("cmd:12") or "42" does not.
    const isWritten = input.event.type === 'text' && hasLetters(turn.text);
    turn.bank.lang = isWritten ? turn.lang : loaded.bank.lang;
    if (turn.isHandedOver) turn.bank.handoff = true;
    else delete turn.bank.handoff;
    const turnId = await commitTurn(turn, loaded, input.afterStored);
    if (turnId !== null && turn.actions.length > 0) wakeActionDispatcher(deps.db);
    if (turnId !== null && turn.handoffWrites.length > 0) {
      relayTurnToChatwoot(deps.db, {
        sender: { ...sender, ...(input.sender.name && { name: input.sender.name }) },
        turnId,
        text: input.event.type === 'location' ? '' : displayTextOf(input.event),
        writes: turn.handoffWrites,
      });
    }
    if (turnId !== null) {
      const { replies, matched, bank, answeredValues, lang, trace } = turn;
      return { turnId, replies, matched, bank, answeredValues, lang, trace };
    }
  }
  throw new AppError('conflict', 'The conversation is busy, please send the message again');
}

/**
 * Turns one incoming event into replies (DESIGN.md §5) and stores the turn, the sender bank and the sender.
 * Events of one sender are handled one at a time in this process, and the bank's version check makes a turn
 * that raced another process run again on the fresh state.
 */
export function handleEvent(deps: RuntimeDeps, input: IncomingTurn): Promise<HandledTurn> {
  const key = senderKeyText({ ...input.sender, userId: input.chatbot.user_id });
  return queue.run(key, () => handleWithRetries(resolveDeps(deps), input));
}
