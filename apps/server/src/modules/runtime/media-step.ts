import type { StepOutcome } from './step-outcome.ts';
import { ownWordsOf, type TurnState } from './turn-state.ts';

/**
 * A photo, sticker, voice note, file or video without text: the bot cannot read it, so it
 * says so in the sender's language — the owner's wording of `mediaUnread` — instead of staying silent. A question
 * being asked stays open (the media is no answer to it, and costs no try). After the hand-over step: a person
 * who took the conversation sees the media in the transcript and answers it.
 */
export async function runMediaStep(turn: TurnState): Promise<StepOutcome> {
  if (turn.event.type !== 'media') return { handled: false, note: 'not media' };
  // no words to read: the language the sender last wrote in, else their app's
  turn.senderLang = turn.bank.lang ?? turn.localeLang ?? turn.senderLang;
  turn.replies.push({ type: 'text', text: ownWordsOf(turn)('mediaUnread') });
  return { handled: true, note: `a ${turn.event.kind} without text: said only text is read` };
}
