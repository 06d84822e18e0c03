import type { UserStats } from '@hiwar/contracts';

export type FirstStepId = 'examples' | 'response' | 'try';

export interface FirstStepLink {
  to: string;
  /** the link's text, under dashboard.firstSteps.steps.{step} */
  labelKey: string;
}

export interface FirstStep {
  id: FirstStepId;
  isDone: boolean;
  links: FirstStepLink[];
}

/**
 * The three first steps of a new owner, each done when the owner's data says so: a command with examples, a
 * response, and the bot tried — someone wrote to it (a sender) or the owner sent it a message in the debugger.
 * The response is written on the scenario screen, opened at the command that has examples when there is one.
 */
export function firstStepsOf(stats: UserStats, hasDebugged: boolean): FirstStep[] {
  const command = stats.first_steps.command_with_examples;
  const responseScreen = command
    ? `/scenario?service=${command.service_id}&command=${command.command_id}`
    : '/scenario';
  return [
    {
      id: 'examples',
      isDone: command !== null,
      links: [{ to: '/scenario', labelKey: 'examples.link' }],
    },
    {
      id: 'response',
      isDone: stats.first_steps.has_response,
      links: [{ to: responseScreen, labelKey: 'response.link' }],
    },
    {
      id: 'try',
      isDone: stats.senders > 0 || hasDebugged,
      links: [
        { to: '/debugger', labelKey: 'try.debugger' },
        { to: '/chatbot', labelKey: 'try.messenger' },
      ],
    },
  ];
}
