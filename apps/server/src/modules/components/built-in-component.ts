import type { BuiltInComponent } from '@hiwar/contracts';
import type { Database } from '../../platform/db/database.ts';

/** What a component may know of the turn (the runtime's ResponseContext has all of it); it only reads. */
export interface ComponentContext {
  readonly db: Database;
  /** the chatbot's owner: a component reads only this owner's rows */
  readonly ownerId: number;
  /** `{{name}}` values of the turn: the command's variables as text and the sender variables */
  readonly values: Readonly<Record<string, string>>;
  /** the sender bank's values by variable name, as stored (a location stays `{lat, lng}`) */
  readonly vars: Readonly<Record<string, unknown>>;
  readonly sender: { platform: string; senderId: string; name?: string; username?: string };
  /** the location the sender shared with this message, if any */
  readonly location: { lat: number; lng: number } | null;
  /** the language of the sender's message */
  readonly lang: string;
  readonly now: Date;
}

/** One item a component answers: the keys its `fields` list, rendered through the response struct. */
export type ComponentItem = Record<string, unknown>;

/** A component's data: at most `limit` items (1 for data type single), [] when there is nothing to show. */
export type ComponentProvider = (context: ComponentContext, limit: number) => Promise<ComponentItem[]>;

export interface ComponentDefinition extends BuiltInComponent {
  /** the field shown as the title when the response's struct names none (a fresh component response) */
  defaultTitleKey: string;
  provide: ComponentProvider;
}
