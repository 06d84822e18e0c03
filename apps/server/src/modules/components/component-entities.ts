import type { ComponentEntity } from '@hiwar/contracts';

/** The built-in entity types the NLU engine extracts (packages/nlu EntityType), offered to component variables. */
export const componentEntities: ComponentEntity[] = [
  { name: 'number', label: 'Number' },
  { name: 'ordinal', label: 'Ordinal' },
  { name: 'date', label: 'Date' },
  { name: 'time', label: 'Time' },
  { name: 'datetime', label: 'Date and time' },
  { name: 'duration', label: 'Duration' },
  { name: 'email', label: 'Email' },
  { name: 'phone', label: 'Phone number' },
  { name: 'url', label: 'URL' },
];

export function isComponentEntity(name: string): boolean {
  return componentEntities.some((entity) => entity.name === name);
}
