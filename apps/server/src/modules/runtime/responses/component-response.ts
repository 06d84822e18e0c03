import type { BotMessage, CommandResponseRecord, ResponseStruct } from '@hiwar/contracts';
import type { ComponentDefinition } from '../../components/built-in-component.ts';
import { findBuiltInComponent } from '../../components/component-registry.ts';
import { renderItems } from './render-items.ts';
import type { ResponseContext } from './response-executor.ts';
import { renderIntro } from './text-response.ts';

/** At most this many items of a multi component (as a dataset response). */
const MAX_LIMIT = 50;

/** Multi shows up to the response's limit (default 1); single, and a component that has only single, one. */
function limitOf(response: CommandResponseRecord, component: ComponentDefinition): number {
  const isMulti = response.resp_component_resp_data_type === 'multi' && component.dataTypes.includes('multi');
  return isMulti ? Math.min(Math.max(1, response.resp_component_resp_data_limit), MAX_LIMIT) : 1;
}

/** The saved struct; one that names no title (a fresh component response) shows the component's main field. */
function structOf(response: CommandResponseRecord, component: ComponentDefinition): ResponseStruct {
  const struct = response.resp_component_resp_struct;
  const namesTitle = struct.title_key.trim() !== '' || struct.title_default_value.trim() !== '';
  return namesTitle ? struct : { ...struct, title_key: component.defaultTitleKey };
}

/**
 * `component`: the built-in component's items (modules/components) — one, or up to the limit — rendered `via`
 * text, cards, video or image through the response struct, after the intro text. [] when it has none.
 */
export async function executeComponentResponse(
  response: CommandResponseRecord,
  context: ResponseContext,
): Promise<BotMessage[]> {
  const id = response.resp_component_id;
  const component = id === null ? undefined : findBuiltInComponent(id);
  if (!component) throw new Error(`component ${id ?? '(none)'} is not a built-in component`);
  const limit = limitOf(response, component);
  const items = await component.provide(context, limit);
  const via = response.resp_component_resp_via;
  const intro = renderIntro(response, context.values);
  const introText = intro[0]?.type === 'text' ? intro[0].text : '';
  const layout = { via, limit, struct: structOf(response, component), text: introText };
  const messages = renderItems(items, layout, context);
  if (messages.length === 0) return [];
  return via === 'quick_rep' ? messages : [...intro, ...messages];
}
