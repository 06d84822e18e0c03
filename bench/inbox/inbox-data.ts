import { lastTextOf, searchTextOf } from '../../apps/server/src/modules/runtime/turn-text.ts';

/**
 * The stored conversations of bench:inbox: TURNS turns across SENDERS senders of one owner, generated
 * deterministically. Sender 0 (telegram) has HEAVY_TURNS turns, sender 1 (whatsapp) exactly LIGHT_TURNS; the
 * others share the rest, skewed (a few talk a lot, most a little), each at least once. Turns are spread over the
 * last 400 days with `created_at` increasing with the id; ~80% matched a command, ~20% were not understood
 * (no command, `not_understood` 1, candidates). Texts come from English, German and Arabic phrase templates
 * with slots, so they vary; a rare word occurs in about 1 turn in 20,000.
 */

export const HEAVY_TURNS = 10_000;
export const LIGHT_TURNS = 10;
export const DAYS = 400;
/** the rare word as typed (folded: quittungsdrucker) */
export const RARE_WORD = 'Quittungsdrucker';

/** A small deterministic generator, so each run builds the same rows. */
export function rng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

function pick<T>(list: readonly T[], random: () => number): T {
  return list[Math.floor(random() * list.length)] as T;
}

const slots = {
  en: {
    product: [
      'blue jacket',
      'running shoes',
      'coffee machine',
      'laptop bag',
      'phone case',
      'desk lamp',
      'gift card',
    ],
    city: ['London', 'Manchester', 'Dublin', 'New York', 'Toronto', 'Sydney'],
    day: ['Monday', 'Tuesday', 'Friday', 'Saturday', 'Sunday'],
  },
  de: {
    product: [
      'Winterjacke',
      'Laufschuhe',
      'Kaffeemaschine',
      'Laptoptasche',
      'Handyhülle',
      'Schreibtischlampe',
    ],
    city: ['Berlin', 'München', 'Köln', 'Düsseldorf', 'Wien', 'Zürich'],
    day: ['Montag', 'Dienstag', 'Freitag', 'Samstag', 'Sonntag'],
  },
  ar: {
    product: [
      'الجاكيت الأزرق',
      'حذاء الجري',
      'ماكينة القهوة',
      'حقيبة اللابتوب',
      'غطاء الهاتف',
      'مصباح المكتب',
    ],
    city: ['عمّان', 'القاهرة', 'الرياض', 'دبي', 'الإسكندرية', 'بيروت'],
    day: ['الأحد', 'الإثنين', 'الثلاثاء', 'الخميس', 'الجمعة'],
  },
} as const;

export type Lang = keyof typeof slots;

/** Understood phrasings per language ({p} product, {c} city, {d} day, {n} a number). */
const understood: Record<Lang, readonly string[]> = {
  en: [
    'what is the price of the {p}',
    'how much is the {p}?',
    'do you deliver to {c}',
    'I want to order {n} {p}',
    'where is my order #{n}',
    'track my order {n} please',
    'are you open on {d}?',
    'opening hours on {d}',
    'can I pay by card',
    'cancel my order {n}',
    'I need a refund for order {n}',
    'is the {p} in stock',
    'shipping cost to {c}?',
    'hi',
    'hello there',
    'thanks a lot!',
    'talk to a human please',
    'do you have the {p} in size {n}',
    'change my delivery address to {c}',
    'what are your prices',
  ],
  de: [
    'Was kostet die {p}?',
    'Wie teuer ist die {p}',
    'Liefert ihr nach {c}?',
    'Ich möchte {n} {p} bestellen',
    'Wo ist meine Bestellung {n}?',
    'Habt ihr am {d} geöffnet?',
    'Öffnungszeiten am {d}',
    'Kann ich mit Karte zahlen?',
    'Bitte Bestellung {n} stornieren',
    'Ich möchte mein Geld zurück für Bestellung {n}',
    'Ist die {p} auf Lager?',
    'Versandkosten nach {c}?',
    'Hallo',
    'Guten Tag',
    'Vielen Dank!',
    'Ich möchte mit einem Menschen sprechen',
    'Gibt es die {p} in Größe {n}',
    'Lieferadresse ändern: {c}',
    'Was sind eure Preise',
    'Grüße aus {c}',
  ],
  ar: [
    'كم سعر {p}؟',
    'ما هي أسعار {p}',
    'هل توصلون إلى {c}؟',
    'أريد طلب {n} من {p}',
    'أين طلبي رقم {n}',
    'هل أنتم مفتوحون يوم {d}؟',
    'مواعيد العمل يوم {d}',
    'هل يمكنني الدفع بالبطاقة',
    'إلغاء الطلب رقم {n}',
    'أريد استرجاع المبلغ للطلب {n}',
    'هل {p} متوفر؟',
    'كم تكلفة الشحن إلى {c}',
    'السلام عليكم',
    'مرحبا',
    'شكرا جزيلا',
    'أُريدُ التحدّث مع موظف',
    'هل يوجد {p} مقاس {n}',
    'غيروا عنوان التوصيل إلى {c}',
    'الأسعار لو سمحت',
    'مساء الخير من {c}',
  ],
};

/** Messages a bot typically fails: off-topic, vague or misspelt. */
const misunderstood: Record<Lang, readonly string[]> = {
  en: [
    'my cat ate the {p}',
    'whats ur return polcy for {p}',
    'can u recomend something for my dad',
    'the app crashed again when I opened {p}',
    'is there a student discount in {c}',
    'do you sell {p} wholesale',
    'my parcel from {c} arrived wet',
    'any jobs available in {c}?',
  ],
  de: [
    'Meine Katze hat die {p} gefressen',
    'Gibt es Rabatt für Studenten in {c}',
    'Die App stürzt ab wenn ich {p} öffne',
    'Verkauft ihr {p} auch an Händler',
    'Mein Paket aus {c} ist nass angekommen',
    'Habt ihr Stellen frei in {c}?',
    'was empfehlt ihr für meinen Vater',
    'Warum ist die {p} so teuer geworden',
  ],
  ar: [
    'القطة أكلت {p}',
    'هل يوجد خصم للطلاب في {c}',
    'التطبيق يتوقف عندما أفتح {p}',
    'هل تبيعون {p} بالجملة',
    'وصلني الطرد من {c} مبلول',
    'هل لديكم وظائف في {c}؟',
    'ماذا تنصحون كهدية لوالدي',
    'لماذا أصبح {p} غالياً',
  ],
};

function fill(template: string, lang: Lang, random: () => number): string {
  const words = slots[lang];
  return template
    .replace('{p}', () => pick(words.product, random))
    .replace('{c}', () => pick(words.city, random))
    .replace('{d}', () => pick(words.day, random))
    .replace('{n}', () => String(1 + Math.floor(random() * 9_999)));
}

const answers: Record<Lang, readonly string[]> = {
  en: ['Here you go.', 'Our prices are on the website.', 'We deliver within 3 days.', 'Thank you!'],
  de: ['Bitte sehr.', 'Unsere Preise stehen auf der Website.', 'Wir liefern in 3 Tagen.', 'Danke!'],
  ar: ['تفضل.', 'الأسعار على موقعنا.', 'نوصل خلال ٣ أيام.', 'شكراً لك!'],
};
const fallbacks: Record<Lang, string> = {
  en: "Sorry, I didn't get that.",
  de: 'Das habe ich leider nicht verstanden.',
  ar: 'عذراً، لم أفهم.',
};

export interface SenderSpec {
  platform: string;
  senderId: string;
  name: string;
  lang: Lang;
}

const firstNames = [
  'Sam',
  'Lena',
  'Omar',
  'Mia',
  'Yusuf',
  'Anna',
  'Layla',
  'Jonas',
  'Sara',
  'Karim',
  'Emma',
  'Noor',
];

/** Platform shares: web 40%, telegram 25%, whatsapp 20%, facebook 15%. */
function platformOf(random: () => number): string {
  const r = random();
  return r < 0.4 ? 'web' : r < 0.65 ? 'telegram' : r < 0.85 ? 'whatsapp' : 'facebook';
}

function senderIdOf(platform: string, index: number): string {
  if (platform === 'telegram') return String(100_000_000 + index * 7919);
  if (platform === 'whatsapp') return `49${String(1_510_000_000 + index * 131)}`;
  if (platform === 'facebook') return String(2_700_000_000_000_000 + index * 104_729);
  return `w-${index.toString(36).padStart(6, '0')}-${((index * 2_654_435_761) >>> 0).toString(16)}`;
}

export function makeSenders(count: number): SenderSpec[] {
  const random = rng(7);
  return Array.from({ length: count }, (_, index) => {
    const platform = index === 0 ? 'telegram' : index === 1 ? 'whatsapp' : platformOf(random);
    const r = random();
    const lang: Lang = index === 0 ? 'de' : r < 0.45 ? 'en' : r < 0.7 ? 'de' : 'ar';
    return {
      platform,
      senderId: senderIdOf(platform, index),
      name: `${pick(firstNames, random)} ${index}`,
      lang,
    };
  });
}

/** Each turn's sender, in id order: sender 0 HEAVY_TURNS, sender 1 LIGHT_TURNS, the rest skewed, shuffled. */
export function turnSenders(turns: number, senders: number): Int32Array {
  const random = rng(11);
  const counts = new Int32Array(senders);
  counts[0] = HEAVY_TURNS;
  counts[1] = LIGHT_TURNS;
  let left = turns - HEAVY_TURNS - LIGHT_TURNS;
  for (let index = 2; index < senders; index += 1) counts[index] = 1;
  left -= senders - 2;
  // r² skews towards the low indexes: the busiest ordinary sender has a few thousand turns
  for (; left > 0; left -= 1) {
    const index = 2 + Math.floor((senders - 2) * random() ** 2);
    counts[index] = (counts[index] as number) + 1;
  }
  const order = new Int32Array(turns);
  let at = 0;
  for (let index = 0; index < senders; index += 1) {
    order.fill(index, at, at + (counts[index] as number));
    at += counts[index] as number;
  }
  for (let index = turns - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    const swap = order[index] as number;
    order[index] = order[other] as number;
    order[other] = swap;
  }
  return order;
}

export interface TurnRow {
  id: number;
  platform: string;
  senderId: string;
  event: string;
  commandId: number | null;
  score: number;
  replies: string;
  createdAt: string;
  lang: Lang;
  notUnderstood: 0 | 1;
  candidates: string | null;
  searchText: string;
  /** the sender's last text as the senders table keeps it */
  lastText: string;
}

export interface TurnGenerator {
  /** the turn with this id (1-based), generated in order */
  turn(id: number, sender: SenderSpec): TurnRow;
}

export function turnGenerator(turns: number, commandIds: number[], now: number): TurnGenerator {
  const random = rng(23);
  const start = now - DAYS * 86_400_000;
  const step = (DAYS * 86_400_000 - 60_000) / turns;
  return {
    turn(id, sender) {
      const lang: Lang = random() < 0.9 ? sender.lang : pick(['en', 'de', 'ar'] as const, random);
      const notUnderstood = random() < 0.2 ? 1 : 0;
      let text = fill(pick(notUnderstood ? misunderstood[lang] : understood[lang], random), lang, random);
      if (random() < 0.00005) text = `${text} Quittungsdrucker`;
      const event = { type: 'text' as const, text };
      const createdAt = new Date(Math.floor(start + (id - 1) * step + random() * step * 0.9)).toISOString();
      // commands skewed: the first ones match more often
      const commandId = notUnderstood
        ? null
        : (commandIds[Math.floor(commandIds.length * random() ** 1.5)] ?? null);
      const score = notUnderstood ? 0.1 + random() * 0.2 : 0.55 + random() * 0.44;
      const candidates = notUnderstood
        ? JSON.stringify(
            Array.from({ length: 1 + Math.floor(random() * 3) }, (_, index) => ({
              commandId: pick(commandIds, random),
              score: Number((score - index * 0.03).toFixed(3)),
            })),
          )
        : null;
      const reply = notUnderstood ? fallbacks[lang] : pick(answers[lang], random);
      return {
        id,
        platform: sender.platform,
        senderId: sender.senderId,
        event: JSON.stringify(event),
        commandId,
        score: Number(score.toFixed(4)),
        replies: JSON.stringify([{ type: 'text', text: reply }]),
        createdAt,
        lang,
        notUnderstood,
        candidates,
        searchText: searchTextOf(event),
        lastText: lastTextOf(event),
      };
    },
  };
}
