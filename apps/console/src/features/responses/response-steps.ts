import type { ResponseType } from '@hiwar/contracts';

/** The editor's screens in the spec's order (type → options → template → extra options → fallback), then the rest. */
export const responseSteps = [
  'type',
  'options',
  'template',
  'extra-options',
  'fallback',
  'user-data',
  'response-actions',
  'advertises',
] as const;
export type ResponseStep = (typeof responseSteps)[number];

/** The step of a path such as `/services/1/commands/5/result/options/api`; type when none is named. */
export function stepOfPath(pathname: string): ResponseStep {
  const segment = pathname.split('/').filter(Boolean)[5];
  return responseSteps.find((step) => step === segment) ?? 'type';
}

/** The types whose options step has something to edit. */
const typesWithOptions: readonly ResponseType[] = [
  'api',
  'ds',
  'data_source',
  'menu',
  'shopping_cart',
  'component',
];

export function hasOptions(type: ResponseType): boolean {
  return typesWithOptions.includes(type);
}

/** The name a type has in the editor's URLs (the picker's: dataset and datasource for ds and data_source). */
export function routeNameOf(type: ResponseType): string {
  if (type === 'ds') return 'dataset';
  if (type === 'data_source') return 'datasource';
  return type;
}

/** Where saving the type goes: its options when it has some, else the template. */
export function stepAfterType(type: ResponseType): string {
  return hasOptions(type) ? `options/${routeNameOf(type)}` : 'template';
}
