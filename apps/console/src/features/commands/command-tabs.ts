/** The command tabs built so far, in order; response joins when its screen exists. */
export const commandTabs = ['about', 'variables', 'examples', 'advertises'] as const;
export type CommandTab = (typeof commandTabs)[number];

function isCommandTab(value: string | undefined): value is CommandTab {
  return commandTabs.includes(value as CommandTab);
}

/** The tab of a path such as `/services/1/commands/5/variables/3`; about when none is named. */
export function tabOfPath(pathname: string): CommandTab {
  const segment = pathname.split('/').filter(Boolean)[4];
  return isCommandTab(segment) ? segment : 'about';
}

/** A command id from the URL: 0 (or anything that is not a positive id) means a new command. */
export function parseCommandId(value: string | undefined): number {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : 0;
}
