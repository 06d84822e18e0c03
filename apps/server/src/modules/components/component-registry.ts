import type { BuiltInComponent } from '@hiwar/contracts';
import type { ComponentDefinition } from './built-in-component.ts';
import { dateTimeComponent } from './date-time-component.ts';
import { mapLocationsComponent } from './map-locations-component.ts';
import { savedRecordsComponent } from './saved-records-component.ts';
import { senderProfileComponent } from './sender-profile-component.ts';

/**
 * Every built-in component (DESIGN.md §7a), one file each. Ids are stored in `resp_component_id`: a component
 * keeps its id for ever, and a removed one's id is never given to another.
 */
const builtInComponents: readonly ComponentDefinition[] = [
  senderProfileComponent,
  dateTimeComponent,
  mapLocationsComponent,
  savedRecordsComponent,
];

export function findBuiltInComponent(id: number): ComponentDefinition | undefined {
  return builtInComponents.find((component) => component.id === id);
}

/** What the console's picker shows: sorted by category, then name, so it can group them as they come. */
export function listBuiltInComponents(): BuiltInComponent[] {
  return builtInComponents
    .map(({ id, name, category, description, fields, dataTypes }) => ({
      id,
      name,
      category,
      description,
      fields,
      dataTypes,
    }))
    .sort((a, b) => a.category.localeCompare(b.category) || a.name.localeCompare(b.name));
}
