import {
  type BotMessage,
  type Card,
  type CommandResponseRecord,
  commandPayload,
  commandPayloadWith,
  MAX_STATIC_CARDS,
  type ReplyOption,
} from '@hiwar/contracts';
import { commerceWordsOf } from '../../commerce/commerce-words.ts';
import {
  findCartInsertCommandId,
  loadMenu,
  type Menu,
  type MenuItem,
} from '../../commerce/menu-repository.ts';
import { moneyText } from '../../commerce/money.ts';
import type { ResponseContext } from './response-executor.ts';
import { renderIntro } from './text-response.ts';

/** A page holds as many cards as a cards message may (the web messenger's limit, MAX_STATIC_CARDS). */
export const MENU_PAGE_SIZE = MAX_STATIC_CARDS;
/** At most this many tags are offered as quick replies (the first ones in menu order). */
const MAX_TAG_REPLIES = 10;

function fold(text: string): string {
  return text.trim().toLocaleLowerCase();
}

function pageOf(text: string | undefined): number {
  const page = Number(text);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

function cardOf(menu: Menu, item: MenuItem, addCommandId: number | undefined, addLabel: string): Card {
  // a no-break space: a narrow card must not wrap the amount away from its currency
  const price = item.priceCents === undefined ? '' : `${moneyText(item.priceCents)}\u00a0${menu.currency}`;
  const canAdd = addCommandId !== undefined && item.priceCents !== undefined;
  return {
    title: item.title,
    subtitle: [item.subtitle, price].filter((part) => part !== '').join(' · '),
    media: item.image,
    buttons: canAdd
      ? [
          {
            label: addLabel,
            type: 'postback',
            value: commandPayloadWith(addCommandId, { item: String(item.id) }),
          },
        ]
      : [],
  };
}

/**
 * A menu: its items as cards — title, subtitle, price with currency, image — a page at a time, each
 * with an add-to-cart button (a postback starting the owner's shopping cart `insert` command for this menu,
 * naming the item by its record id), then quick replies: "more" for the next page, the menu's tags (a tag
 * chosen filters the items; "all items" lifts the filter) and the response's extra menu options. The page and
 * the tag come back as the postback's arguments (`cmd:<this command>?page=2&tag=…`).
 */
export async function executeMenuResponse(
  response: CommandResponseRecord,
  context: ResponseContext,
): Promise<BotMessage[]> {
  const menuId = response.resp_menu_id;
  if (menuId === null) throw new Error('the response names no menu');
  const menu = await loadMenu(context.db, context.ownerId, menuId);
  if (!menu) throw new Error(`menu ${menuId} is not one of the owner's menus that are switched on`);
  const words = commerceWordsOf(context.botTexts, context.senderLang);
  const args = context.args ?? {};
  const tag = (args.tag ?? '').trim();
  const items =
    tag === '' ? menu.items : menu.items.filter((item) => item.tags.some((t) => fold(t) === fold(tag)));
  const page = pageOf(args.page);
  const shown = items.slice((page - 1) * MENU_PAGE_SIZE, page * MENU_PAGE_SIZE);
  if (shown.length === 0) return [];
  const addCommandId = await findCartInsertCommandId(context.db, context.ownerId, menuId);
  const commandId = response.resp_command_id;
  const replies: ReplyOption[] = [];
  if (items.length > page * MENU_PAGE_SIZE) {
    const next = { page: String(page + 1), ...(tag !== '' && { tag }) };
    replies.push({ label: words.more, payload: commandPayloadWith(commandId, next) });
  }
  if (tag !== '') replies.push({ label: words.allItems, payload: commandPayload(commandId) });
  const tags = [...new Map(menu.items.flatMap((item) => item.tags).map((t) => [fold(t), t])).values()];
  for (const other of tags.filter((t) => fold(t) !== fold(tag)).slice(0, MAX_TAG_REPLIES)) {
    replies.push({ label: other, payload: commandPayloadWith(commandId, { tag: other }) });
  }
  for (const option of response.resp_menu_extra_options) {
    if (option.label.trim() !== '' && option.value.trim() !== '')
      replies.push({ label: option.label, payload: option.value });
  }
  const from = (page - 1) * MENU_PAGE_SIZE + 1;
  const heading = `${[menu.name, tag].filter((part) => part !== '').join(' · ')} (${from}–${from + shown.length - 1} / ${items.length})`;
  const messages: BotMessage[] = [
    ...renderIntro(response, context.values),
    { type: 'cards', cards: shown.map((item) => cardOf(menu, item, addCommandId, words.addToCart)) },
  ];
  if (replies.length > 0) messages.push({ type: 'quick_replies', text: heading, replies });
  return messages;
}
