import { z } from 'zod';

/** How many items a component answers: one (single), or a list up to the response's limit (multi). */
export const componentDataTypes = ['single', 'multi'] as const;
export type ComponentDataType = (typeof componentDataTypes)[number];

/** The message kinds a component response is rendered as (spec part 2 §9: text, card, video, Image). */
export const componentVias = ['text', 'card', 'video', 'Image'] as const;

/** A key every item of a component carries: what the response struct's `*_key` pickers offer. */
export const componentField = z.object({ name: z.string(), label: z.string() });
export type ComponentField = z.infer<typeof componentField>;

/** A built-in component (DESIGN.md §7a); `id` is what `resp_component_id` stores and never changes. */
export const builtInComponent = z.object({
  id: z.number(),
  name: z.string(),
  category: z.string(),
  description: z.string(),
  fields: z.array(componentField),
  dataTypes: z.array(z.enum(componentDataTypes)),
});
export type BuiltInComponent = z.infer<typeof builtInComponent>;

/** GET /components: every built-in component, sorted by category then name (the picker groups by category). */
export const componentsResponse = z.object({
  status: z.literal(1),
  components: z.array(builtInComponent),
});
export type ComponentsResponse = z.infer<typeof componentsResponse>;
