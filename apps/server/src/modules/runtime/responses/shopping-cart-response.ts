import { randomInt } from 'node:crypto';
import {
  type BotMessage,
  type CommandResponseRecord,
  contactVariableNames,
  type VariableRecord,
} from '@hiwar/contracts';
import type { SenderKey } from '../../../kernel/sender-key.ts';
import { type CartLine, findCart, type StoredCart } from '../../commerce/cart-repository.ts';
import {
  type CommerceWords,
  commerceWordsOf,
  type ReceiptWords,
  receiptWordsOf,
} from '../../commerce/commerce-words.ts';
import { loadMenu, type Menu, type MenuItem } from '../../commerce/menu-repository.ts';
import { totalsOf } from '../../commerce/money.ts';
import { findOwnOrder, type NewOrder, orderLinesOf, orderOf } from '../../commerce/order-repository.ts';
import { receiptOf } from '../../commerce/receipt.ts';
import { findUserById } from '../../users/user-repository.ts';
import { interpolate } from '../interpolate.ts';
import { AskAgain, type PlannedEffects, type ResponseContext } from './response-executor.ts';
import { renderText } from './text-response.ts';

/** A cart line holds at most this many of one item. */
export const MAX_CART_QUANTITY = 999;

interface CartTurn {
  response: CommandResponseRecord;
  context: ResponseContext;
  plan: PlannedEffects;
  menu: Menu;
  cart: StoredCart;
  sender: SenderKey;
  words: CommerceWords;
  receiptWords: ReceiptWords;
}

function fold(text: string): string {
  return text.trim().toLocaleLowerCase();
}

/** The variable `{{name}}` names when a text is exactly that placeholder. */
function placeholderVariable(text: string, variables: readonly VariableRecord[]): VariableRecord | undefined {
  const match = /^\s*\{\{\s*([\p{L}\p{N}_-]+)\s*\}\}\s*$/u.exec(text);
  return match ? variables.find((variable) => variable.var_name === match[1]) : undefined;
}

/** Eastern Arabic and Persian digits read as Western ones. */
function westernDigits(text: string): string {
  return text.replace(/[٠-٩۰-۹]/g, (digit) => String((digit.codePointAt(0) ?? 0) & 0xf));
}

/** A positive whole number of items (1–999), or undefined. */
export function quantityOf(value: unknown): number | undefined {
  const text =
    typeof value === 'number' ? String(value) : typeof value === 'string' ? westernDigits(value.trim()) : '';
  if (!/^\d{1,3}$/.test(text)) return undefined;
  const quantity = Number(text);
  return quantity >= 1 && quantity <= MAX_CART_QUANTITY ? quantity : undefined;
}

/** The item the turn names: the add-to-cart button's record id, else the response's title (exact, then a unique part). */
function namedItem(turn: CartTurn): { item?: MenuItem; title: string } {
  const recordId = Number(turn.context.args?.item);
  if (Number.isSafeInteger(recordId) && recordId > 0) {
    const item = turn.menu.items.find((candidate) => candidate.id === recordId);
    if (item) return { item, title: item.title };
  }
  const title = interpolate(turn.response.resp_cart_title, turn.context.values).trim();
  if (title === '' || title.includes('{{')) return { title: '' };
  const exact = turn.menu.items.find((candidate) => fold(candidate.title) === fold(title));
  if (exact) return { item: exact, title };
  const partial = turn.menu.items.filter((candidate) => fold(candidate.title).includes(fold(title)));
  return partial.length === 1 ? { item: partial[0], title } : { title };
}

/** The owner's text (and quick replies) after what the cart says. */
/**
 * The owner's text with the cart's messages: before a receipt (what they wrote to introduce it), after
 * a cart change ("Pizza × 2 is in your cart." — "Anything else?").
 */
function withOwnerText(turn: CartTurn, messages: BotMessage[]): BotMessage[] {
  const owner = renderText(turn.response, turn.context.values);
  const hasReceipt = messages.some((message) => message.type === 'receipt');
  return hasReceipt ? [...owner, ...messages] : [...messages, ...owner];
}

function text(message: string): BotMessage {
  return { type: 'text', text: message };
}

/** The cart's lines that can still be ordered (the item is still on the menu), at the prices they were added at. */
function orderableLines(turn: CartTurn): CartLine[] {
  const onMenu = new Set(turn.menu.items.map((item) => item.id));
  return turn.cart.lines.filter((line) => onMenu.has(line.recordId));
}

function planCart(turn: CartTurn, lines: CartLine[]): void {
  turn.plan.commerce.push({ kind: 'cart', dsId: turn.menu.id, lines });
}

function insertItem(turn: CartTurn): BotMessage[] {
  const { item, title } = namedItem(turn);
  const titleVariable = placeholderVariable(turn.response.resp_cart_title, turn.context.variables);
  if (!item) {
    if (titleVariable) throw new AskAgain(titleVariable.var_name, turn.words.noItem(title));
    throw new Error(`no item "${title}" on menu ${turn.menu.id}`);
  }
  if (item.priceCents === undefined)
    return withOwnerText(turn, [text(turn.words.itemUnavailable(item.title))]);
  const quantityVariable = turn.context.variables.find((v) => v.var_id === turn.response.resp_cart_quantity);
  const quantity = quantityVariable ? quantityOf(turn.context.vars[quantityVariable.var_name]) : 1;
  if (quantity === undefined) {
    throw new AskAgain(quantityVariable?.var_name ?? '', turn.words.quantityInvalid);
  }
  // adding an item again sets its quantity, at the menu's price of now
  const line: CartLine = {
    recordId: item.id,
    quantity,
    priceCents: item.priceCents,
    title: item.title,
    image: item.image,
  };
  const lines = turn.cart.lines.some((l) => l.recordId === item.id)
    ? turn.cart.lines.map((l) => (l.recordId === item.id ? line : l))
    : [...turn.cart.lines, line];
  planCart(turn, lines);
  return withOwnerText(turn, [text(turn.words.added(item.title, quantity))]);
}

function deleteItem(turn: CartTurn): BotMessage[] {
  const { item, title } = namedItem(turn);
  if (title === '') {
    planCart(turn, []);
    return withOwnerText(turn, [text(turn.words.emptied)]);
  }
  const inCart = item && turn.cart.lines.find((line) => line.recordId === item.id);
  if (!inCart) return withOwnerText(turn, [text(turn.words.notInCart(item?.title ?? title))]);
  planCart(
    turn,
    turn.cart.lines.filter((line) => line.recordId !== inCart.recordId),
  );
  return withOwnerText(turn, [text(turn.words.removed(inCart.title))]);
}

function cartReceipt(
  turn: CartTurn,
  lines: CartLine[],
  extra: { orderNumber?: string; name?: string; address?: string } = {},
) {
  return receiptOf(
    {
      lines,
      totals: totalsOf(lines, turn.menu),
      currency: turn.menu.currency,
      paymentMethod: turn.menu.paymentMethod,
      ...(extra.orderNumber && { orderNumber: extra.orderNumber }),
      ...(extra.name && { customerName: extra.name }),
      ...(extra.address && { customerAddress: extra.address }),
    },
    turn.receiptWords,
  );
}

function viewReceipt(turn: CartTurn): BotMessage[] {
  const lines = orderableLines(turn);
  if (lines.length === 0) return withOwnerText(turn, [text(turn.words.emptyCart)]);
  return withOwnerText(turn, [cartReceipt(turn, lines)]);
}

const ORDER_NUMBER_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** An order number the sender can read out: two groups of four letters and digits (no 0/O, 1/I). */
export function newOrderNumber(): string {
  const pick = () => ORDER_NUMBER_LETTERS[randomInt(ORDER_NUMBER_LETTERS.length)];
  const group = () => Array.from({ length: 4 }, pick).join('');
  return `${group()}-${group()}`;
}

function contactValue(turn: CartTurn, names: readonly string[]): string {
  const variable = turn.context.variables.find((v) => names.includes(v.var_name.toLowerCase()));
  return variable ? (turn.context.values[variable.var_name] ?? '').trim() : '';
}

async function ownerMailOf(turn: CartTurn, order: NewOrder, receiptText: string) {
  const owner = await findUserById(turn.context.db, turn.context.ownerId);
  if (!owner || owner.user_email.trim() === '') return undefined;
  return {
    kind: 'mail' as const,
    to: [owner.user_email],
    subject: `New order ${order.orderNumber} — ${turn.menu.name}`,
    text: [
      `A new order for ${turn.menu.name}:`,
      '',
      receiptText,
      '',
      `Name: ${order.fullname}`,
      `Phone: ${order.phone}`,
      `Address: ${order.address}`,
      order.notes === '' ? '' : `Notes: ${order.notes}`,
      '',
      'Confirm it in the menu’s orders screen.',
    ]
      .filter((line, index, all) => line !== '' || all[index - 1] !== '')
      .join('\n'),
  };
}

async function completeOrder(turn: CartTurn): Promise<BotMessage[]> {
  const lines = orderableLines(turn);
  if (lines.length === 0) {
    // a repeated completion (a double tap, a redelivered message) finds the order the cart just became
    const last =
      turn.cart.lastOrderId === null
        ? undefined
        : await findOwnOrder(turn.context.db, turn.context.ownerId, turn.cart.lastOrderId);
    if (!last) return withOwnerText(turn, [text(turn.words.emptyCart)]);
    const order = orderOf(last);
    const receipt = receiptOf(
      {
        lines: orderLinesOf(last),
        totals: {
          subtotalCents: last.subtotal_cents,
          taxCents: last.tax_cents,
          shippingCents: last.shipping_cents,
          totalCents: last.total_cents,
        },
        currency: order.currency,
        paymentMethod: order.payment_method,
        orderNumber: order.order_number,
        customerName: order.fullname,
        customerAddress: order.address,
      },
      turn.receiptWords,
    );
    return [text(turn.words.alreadyOrdered(order.order_number)), receipt];
  }
  const fullname =
    contactValue(turn, contactVariableNames.fullname) || (turn.context.sender.name ?? '').trim();
  const phone = contactValue(turn, contactVariableNames.phone);
  const address = contactValue(turn, contactVariableNames.address);
  const missing = [
    fullname === '' ? turn.words.name : '',
    phone === '' ? turn.words.phone : '',
    address === '' ? turn.words.address : '',
  ].filter((word) => word !== '');
  // the owner's command asks for none of these (no variable of that name): say so rather than order blind
  if (missing.length > 0) return [text(turn.words.missingContact(missing.join(', ')))];
  const totals = totalsOf(lines, turn.menu);
  const order: NewOrder = {
    sender: turn.sender,
    dsId: turn.menu.id,
    orderNumber: newOrderNumber(),
    idempotencyKey: `cart:${turn.cart.id}:${turn.cart.revision}`,
    fullname: fullname.slice(0, 190),
    phone: phone.slice(0, 60),
    address: address.slice(0, 2000),
    notes: contactValue(turn, contactVariableNames.notes).slice(0, 2000),
    lines: lines.map((line) => ({
      recordId: line.recordId,
      title: line.title,
      quantity: line.quantity,
      priceCents: line.priceCents,
      ...(line.image !== '' && { image: line.image }),
    })),
    ...totals,
    currency: turn.menu.currency,
    paymentMethod: turn.menu.paymentMethod,
    lang: turn.context.senderLang,
  };
  const receipt = cartReceipt(turn, lines, {
    orderNumber: order.orderNumber,
    name: order.fullname,
    address: order.address,
  });
  turn.plan.commerce.push({ kind: 'order', order });
  const mail = await ownerMailOf(turn, order, cartReceipt(turn, lines).text);
  if (mail) turn.plan.actions.push(mail);
  return withOwnerText(turn, [text(turn.words.ordered(order.orderNumber)), receipt]);
}

/**
 * The shopping cart: one cart per sender per menu, in the database. `insert` puts the item (the
 * add-to-cart button's record id, else the response's title) with the quantity variable's value (a whole number
 * 1–999, else said and asked again) at the menu's price of now; `delete` takes it out (no title: empties the
 * cart); `view_receipt` answers the cart as a receipt; `complete_order` makes it an order with the contact
 * details the command asked for, empties the cart and answers the receipt with the order number. Prices come
 * from the menu, never from the message; a line keeps the price it was added at, and the receipt and the order
 * both charge exactly those lines. The changes are planned here and written with the turn.
 */
export async function executeShoppingCartResponse(
  response: CommandResponseRecord,
  context: ResponseContext,
): Promise<BotMessage[]> {
  const menuId = response.resp_menu_id;
  if (menuId === null) throw new Error('the response names no menu');
  if (!context.plan) throw new Error('no turn to write the cart with');
  const menu = await loadMenu(context.db, context.ownerId, menuId);
  if (!menu) throw new Error(`menu ${menuId} is not one of the owner's menus that are switched on`);
  const sender = {
    userId: context.ownerId,
    platform: context.sender.platform,
    senderId: context.sender.senderId,
  };
  const turn: CartTurn = {
    response,
    context,
    plan: context.plan,
    menu,
    cart: await findCart(context.db, sender, menuId),
    sender,
    words: commerceWordsOf(context.botTexts, context.senderLang),
    receiptWords: receiptWordsOf(context.botTexts, context.senderLang),
  };
  switch (response.resp_cart_action ?? 'insert') {
    case 'insert':
      return insertItem(turn);
    case 'delete':
      return deleteItem(turn);
    case 'view_receipt':
      return viewReceipt(turn);
    case 'complete_order':
      return completeOrder(turn);
  }
}

/**
 * The values a postback gives a shopping cart command before its variables are asked for: an add-to-cart
 * button names the item by record id (`?item=12`), so a title written as `{{variable}}` takes that item's
 * title from the menu and only the quantity is asked.
 */
export async function cartPostbackValues(
  context: Pick<ResponseContext, 'db' | 'ownerId' | 'variables'>,
  response: CommandResponseRecord,
  args: Readonly<Record<string, string>>,
): Promise<Record<string, string>> {
  const recordId = Number(args.item);
  if (response.resp_type !== 'shopping_cart' || response.resp_menu_id === null) return {};
  if (!Number.isSafeInteger(recordId) || recordId <= 0) return {};
  const titleVariable = placeholderVariable(response.resp_cart_title, context.variables);
  if (!titleVariable) return {};
  const menu = await loadMenu(context.db, context.ownerId, response.resp_menu_id);
  const item = menu?.items.find((candidate) => candidate.id === recordId);
  return item ? { [titleVariable.var_name]: item.title } : {};
}
