import { type BotTexts, botWordsOf } from '@hiwar/contracts';
import type { Lang } from '@hiwar/nlu';

/** What the bot says about menus, carts and orders (their wording: @hiwar/contracts' bot-texts). */
export interface CommerceWords {
  addToCart: string;
  more: string;
  allItems: string;
  menuIntro: (menu: string) => string;
  added: (title: string, quantity: number) => string;
  removed: (title: string) => string;
  emptied: string;
  notInCart: (title: string) => string;
  emptyCart: string;
  noItem: (title: string) => string;
  quantityInvalid: string;
  itemUnavailable: (title: string) => string;
  missingContact: (fields: string) => string;
  ordered: (orderNumber: string) => string;
  alreadyOrdered: (orderNumber: string) => string;
  confirmed: (orderNumber: string) => string;
  name: string;
  phone: string;
  address: string;
  /** the checkout's own questions, when the owner's command has no variable for the detail */
  askName: string;
  askPhone: string;
  askAddress: string;
  /** a returning customer's details, taken from their last order */
  sameContact: (name: string, phone: string, address: string) => string;
}

export type ReceiptWords = Record<'order' | 'subTotal' | 'shipping' | 'tax' | 'total' | 'payment', string> & {
  /** a payment method's name in a receipt's text (the message itself carries the code) */
  paymentName: (method: string) => string;
};

/** A receipt's labels in `lang` (dataset receipts, carts and orders), with the owner's wording where set. */
export function receiptWordsOf(texts: BotTexts | null | undefined, lang: Lang): ReceiptWords {
  const say = botWordsOf(texts, lang);
  return {
    order: say('receiptOrder'),
    subTotal: say('receiptSubtotal'),
    shipping: say('receiptShipping'),
    tax: say('receiptTax'),
    total: say('receiptTotal'),
    payment: say('receiptPayment'),
    paymentName: (method) =>
      method === 'cash' ? say('paymentCash') : method === 'visa' ? say('paymentVisa') : method,
  };
}

/** The commerce words in `lang`: the owner's wording (chatbot settings) where they set one, else the defaults. */
export function commerceWordsOf(texts: BotTexts | null | undefined, lang: Lang): CommerceWords {
  const say = botWordsOf(texts, lang);
  return {
    addToCart: say('addToCart'),
    more: say('more'),
    allItems: say('allItems'),
    menuIntro: (menu) => menu,
    added: (title, quantity) => say('added', { title, quantity }),
    removed: (title) => say('removed', { title }),
    emptied: say('emptied'),
    notInCart: (title) => say('notInCart', { title }),
    emptyCart: say('emptyCart'),
    noItem: (title) => say('noItem', { title }),
    quantityInvalid: say('quantityInvalid'),
    itemUnavailable: (title) => say('itemUnavailable', { title }),
    missingContact: (fields) => say('missingContact', { fields }),
    ordered: (order) => say('ordered', { order }),
    alreadyOrdered: (order) => say('alreadyOrdered', { order }),
    confirmed: (order) => say('confirmed', { order }),
    name: say('contactName'),
    phone: say('contactPhone'),
    address: say('contactAddress'),
    askName: say('askName'),
    askPhone: say('askPhone'),
    askAddress: say('askAddress'),
    sameContact: (name, phone, address) => say('sameContact', { name, phone, address }),
  };
}
