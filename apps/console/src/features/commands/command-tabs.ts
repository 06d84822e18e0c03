/** The command tabs, in the spec's order (part 1 §2). */
export const commandTabs = ['about', 'variables', 'examples', 'response', 'advertises'] as const;
export type CommandTab = (typeof commandTabs)[number];

function isCommandTab(value: string | undefined): value is CommandTab {
  return commandTabs.includes(value as CommandTab);
}

/** The tab of a path such as `/services/1/commands/5/variables/3`; about when none is named. */
export function tabOfPath(pathname: string): CommandTab {
  const segment = pathname.split('/').filter(Boolean)[4];
  // the response editor's screens sit under result/
  if (segment === 'result') return 'response';
  return isCommandTab(segment) ? segment : 'about';
}
