import { runHandoffStep } from './handoff-step.ts';
import { runMediaStep } from './media-step.ts';
import { runLanguageStep } from './message-language.ts';
import { traced } from './pipeline-trace.ts';
import { runPostbackStep } from './postback-step.ts';
import { runSlotFillingStep } from './slot-filling-step.ts';
import type { StepOutcome } from './step-outcome.ts';
import type { TurnState } from './turn-state.ts';
import { runUnderstandingStep } from './understanding-step.ts';
import { runUnsubscribeStep } from './unsubscribe-step.ts';

interface Step {
  name: string;
  run(turn: TurnState): Promise<StepOutcome>;
}

/**
 * DESIGN.md §5, in order: the message's language among the bot's (it answers nothing), the hand-over to a
 * person (while it lasts the bot is silent), media the bot cannot read, postbacks, the fixed
 * "unsubscribe" words of a subscribed sender, then the command in progress, then understanding.
 */
export const pipeline: Step[] = [
  { name: 'language', run: runLanguageStep },
  { name: 'handoff', run: runHandoffStep },
  { name: 'media', run: runMediaStep },
  { name: 'postback', run: runPostbackStep },
  { name: 'unsubscribe', run: runUnsubscribeStep },
  { name: 'slot-filling', run: runSlotFillingStep },
  { name: 'understanding', run: runUnderstandingStep },
];

/** Runs the steps until one answers; each leaves a trace entry (the commands it starts add their own). */
export async function runPipeline(turn: TurnState): Promise<void> {
  for (const step of pipeline) {
    const outcome = await traced(turn, step.name, () => step.run(turn));
    if (outcome.handled) return;
  }
}
