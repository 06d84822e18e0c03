import type { Params } from 'react-router';

/**
 * A numeric id from the route. The spec names the params `service_id`, `command_id`, `variable_id`; the
 * console's routes spell them in camelCase (`serviceId`), so both spellings are read. Anything that is not a
 * positive integer (including 0) is 0, which means "new".
 */
export function routeId(params: Readonly<Params>, snakeName: string): number {
  const camelName = snakeName.replace(/_(\w)/g, (_, letter: string) => letter.toUpperCase());
  const id = Number(params[snakeName] ?? params[camelName]);
  return Number.isInteger(id) && id > 0 ? id : 0;
}

/** The same path with its variable id replaced: `/services/1/commands/2/variables/0` → `…/variables/7`. */
export function variablePathWithId(pathname: string, variableId: number): string {
  return pathname.replace(/\/variables\/[^/]*\/?$/, `/variables/${variableId}`);
}

/** A command id from the URL: 0 (or anything that is not a positive id) means a new command. */
export function parseCommandId(value: string | undefined): number {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : 0;
}
