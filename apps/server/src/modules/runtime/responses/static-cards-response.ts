import {
  type BotMessage,
  type Card,
  type CommandResponseRecord,
  MAX_CARD_BUTTONS,
  MAX_STATIC_CARDS,
  type ResponseStruct,
} from '@hiwar/contracts';
import { interpolate } from '../interpolate.ts';
import type { ResponseContext } from './response-executor.ts';
import { renderIntro } from './text-response.ts';

const WEB_URL = /^https?:\/\/\S+$/i;

function cardOf(struct: ResponseStruct, values: Record<string, string>): Card {
  const fill = (text: string) => interpolate(text, values);
  return {
    title: fill(struct.title_default_value),
    subtitle: fill(struct.subtitle_default_value),
    media: fill(struct.media_default_value),
    buttons: struct.buttons.slice(0, MAX_CARD_BUTTONS).map((button) => {
      const value = fill(button.item_value_default_value);
      return {
        label: fill(button.item_label_default_value),
        type: WEB_URL.test(value.trim()) ? ('url' as const) : ('postback' as const),
        value,
      };
    }),
  };
}

/** The intro text, then the static cards (at most 5, 3 buttons each) with their variables filled in. */
export async function executeStaticCardsResponse(
  response: CommandResponseRecord,
  context: ResponseContext,
): Promise<BotMessage[]> {
  const cards = response.resp_static_cards_resp_struct
    .slice(0, MAX_STATIC_CARDS)
    .map((struct) => cardOf(struct, context.values));
  const intro = renderIntro(response, context.values);
  return cards.length > 0 ? [...intro, { type: 'cards', cards }] : intro;
}
