import type { Lang } from '@hiwar/nlu';

/** What the bot says about menus, carts and orders, in each language the runtime answers in. */
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
  /** the checkout's own questions, when the owner's command has no variable for the detail (issue #31) */
  askName: string;
  askPhone: string;
  askAddress: string;
  /** a returning customer's details, taken from their last order */
  sameContact: (name: string, phone: string, address: string) => string;
}

export const commerceWords: Record<Lang, CommerceWords> = {
  en: {
    addToCart: 'Add to cart',
    more: 'More',
    allItems: 'All items',
    menuIntro: (menu) => menu,
    added: (title, quantity) => `${title} × ${quantity} is in your cart.`,
    removed: (title) => `${title} is no longer in your cart.`,
    emptied: 'Your cart is empty now.',
    notInCart: (title) => `${title} is not in your cart.`,
    emptyCart: 'Your cart is empty.',
    noItem: (title) => `There is no “${title}” on the menu. Which item would you like?`,
    quantityInvalid: 'The quantity must be a whole number above 0.',
    itemUnavailable: (title) => `${title} can not be ordered at the moment.`,
    missingContact: (fields) =>
      `To take an order this bot needs your ${fields}, and it does not ask for them yet.`,
    ordered: (orderNumber) => `Thank you! Your order ${orderNumber} is placed.`,
    alreadyOrdered: (orderNumber) => `Your order ${orderNumber} is already placed.`,
    confirmed: (orderNumber) => `Your order ${orderNumber} is confirmed.`,
    name: 'name',
    phone: 'phone',
    address: 'address',
    askName: 'To place your order: what is your name?',
    askPhone: 'Your phone number?',
    askAddress: 'And the delivery address?',
    sameContact: (name, phone, address) => `As last time: ${name}, ${phone}, ${address}.`,
  },
  ar: {
    addToCart: 'أضف إلى السلة',
    more: 'المزيد',
    allItems: 'كل الأصناف',
    menuIntro: (menu) => menu,
    added: (title, quantity) => `${title} × ${quantity} في سلتك.`,
    removed: (title) => `لم يعد ${title} في سلتك.`,
    emptied: 'سلتك فارغة الآن.',
    notInCart: (title) => `${title} ليس في سلتك.`,
    emptyCart: 'سلتك فارغة.',
    noItem: (title) => `لا يوجد «${title}» في القائمة. أي صنف تريد؟`,
    quantityInvalid: 'يجب أن تكون الكمية عددًا صحيحًا أكبر من 0.',
    itemUnavailable: (title) => `لا يمكن طلب ${title} الآن.`,
    missingContact: (fields) => `لقبول الطلب يحتاج هذا البوت إلى ${fields}، ولا يسأل عنها بعد.`,
    ordered: (orderNumber) => `شكرًا لك! تم تسجيل طلبك ${orderNumber}.`,
    alreadyOrdered: (orderNumber) => `طلبك ${orderNumber} مسجل بالفعل.`,
    confirmed: (orderNumber) => `تم تأكيد طلبك ${orderNumber}.`,
    name: 'الاسم',
    phone: 'الهاتف',
    address: 'العنوان',
    askName: 'لإتمام طلبك: ما اسمك؟',
    askPhone: 'رقم هاتفك؟',
    askAddress: 'وعنوان التوصيل؟',
    sameContact: (name, phone, address) => `كالمرة السابقة: ${name}، ${phone}، ${address}.`,
  },
  de: {
    addToCart: 'In den Warenkorb',
    more: 'Mehr',
    allItems: 'Alle Artikel',
    menuIntro: (menu) => menu,
    added: (title, quantity) => `${title} × ${quantity} ist in Ihrem Warenkorb.`,
    removed: (title) => `${title} ist nicht mehr in Ihrem Warenkorb.`,
    emptied: 'Ihr Warenkorb ist jetzt leer.',
    notInCart: (title) => `${title} ist nicht in Ihrem Warenkorb.`,
    emptyCart: 'Ihr Warenkorb ist leer.',
    noItem: (title) => `„${title}“ steht nicht auf der Karte. Welchen Artikel möchten Sie?`,
    quantityInvalid: 'Die Menge muss eine ganze Zahl größer als 0 sein.',
    itemUnavailable: (title) => `${title} kann gerade nicht bestellt werden.`,
    missingContact: (fields) =>
      `Für eine Bestellung braucht dieser Bot Ihre Angaben (${fields}), fragt aber noch nicht danach.`,
    ordered: (orderNumber) => `Vielen Dank! Ihre Bestellung ${orderNumber} ist aufgegeben.`,
    alreadyOrdered: (orderNumber) => `Ihre Bestellung ${orderNumber} ist bereits aufgegeben.`,
    confirmed: (orderNumber) => `Ihre Bestellung ${orderNumber} ist bestätigt.`,
    name: 'Name',
    phone: 'Telefon',
    address: 'Adresse',
    askName: 'Für Ihre Bestellung: Wie ist Ihr Name?',
    askPhone: 'Ihre Telefonnummer?',
    askAddress: 'Und die Lieferadresse?',
    sameContact: (name, phone, address) => `Wie beim letzten Mal: ${name}, ${phone}, ${address}.`,
  },
};
