import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addCommand,
  type ConversationServer,
  createBot,
  newSender,
  startConversationServer,
  type TestBot,
} from '../../testing/conversation-server.ts';
import { testDatabaseKinds } from '../../testing/test-databases.ts';

/**
 * Short messages a language identifier cannot be sure of: names, places, loanwords, brands, one-word
 * messages, a number and an emoji. Several read as German to spelling patterns ("pizza", "Zoom", "Mozart").
 */
const AMBIGUOUS_MESSAGES = [
  'pizza',
  'Pizza Margherita',
  'restaurants in Cairo',
  'hotels in Berlin',
  'hotel',
  'Hotel Adlon',
  'taxi',
  'Uber',
  'Berlin',
  'München',
  'Zürich',
  'Kairo',
  'Cairo',
  'Frankfurt',
  'Mozart',
  'Angela Merkel',
  'Hans Zimmer',
  'Ed Sheeran',
  'Adele',
  'Schnitzel',
  'Kindergarten',
  'Bratwurst',
  'Döner',
  'Sushi',
  'Pasta',
  'Espresso',
  'Cappuccino',
  'Latte macchiato',
  'Croissant',
  'Hamburger',
  'Netflix',
  'WhatsApp',
  'iPhone',
  'Bluetooth',
  'WLAN',
  'Wifi',
  'Zoom',
  'Volkswagen',
  'Mercedes Benz',
  'Hallo',
  'Hi',
  'OK',
  'Info',
  'Menu',
  'Service',
  'Status',
  'Ticket',
  'Parkplatz',
  '42',
  '😀',
];

const englishPizza = ['i want to order a pizza', 'order a large pizza', 'pizza please', 'can i get a pizza'];
const englishHotels = ['find hotels in the city', 'book a hotel room', 'hotels near me', 'i need a hotel'];
const englishRestaurants = [
  'restaurants near me',
  'where can i eat',
  'find a restaurant in town',
  'places to eat',
];
const germanPizza = [
  'ich möchte eine pizza bestellen',
  'pizza bitte',
  'eine große pizza',
  'kann ich pizza haben',
];
const germanHotels = [
  'ich suche ein hotel',
  'hotel in der stadt finden',
  'ein zimmer buchen',
  'hotels in der nähe',
];
const germanWeather = [
  'wie ist das wetter heute',
  'wird es morgen regnen',
  'wetter bitte',
  'scheint die sonne',
];

describe.each(await testDatabaseKinds())('the message language among the bot’s on $label', (kind) => {
  let server: ConversationServer;
  let english: TestBot;
  let german: TestBot;
  let mixed: TestBot;

  const debugLanguage = async (bot: TestBot, message: string) => {
    const answer = await server.call('GET', `/api/debug?message=${encodeURIComponent(message)}`, {
      token: bot.token,
    });
    expect(answer.status).toBe(200);
    return answer.json.data as { lang: string; matched_command: { command_name: string } | null };
  };

  const sendWithLocale = async (bot: TestBot, senderId: number, text: string, locale: string) => {
    const answer = await server.call('POST', `/widget/api/${bot.botToken}/messages`, {
      body: { sender_id: senderId, event: { type: 'text', text }, locale },
    });
    expect(answer.status).toBe(200);
    return answer.json.replies as { type: string; text?: string }[];
  };

  beforeAll(async () => {
    server = await startConversationServer(kind);
    english = await createBot(server);
    for (const [name, examples] of [
      ['pizza', englishPizza],
      ['hotels', englishHotels],
      ['restaurants', englishRestaurants],
    ] as const) {
      await addCommand(english, { name, examples: [...examples], response: { resp_text: `EN ${name}` } });
    }
    german = await createBot(server);
    for (const [name, examples] of [
      ['pizza', germanPizza],
      ['hotels', germanHotels],
      ['wetter', germanWeather],
    ] as const) {
      await addCommand(german, {
        name,
        lang: 'de',
        examples: [...examples],
        response: { resp_text: `DE ${name}` },
      });
    }
    mixed = await createBot(server);
    await addCommand(mixed, { name: 'pizza', examples: englishPizza, response: { resp_text: 'EN pizza' } });
    await addCommand(mixed, {
      name: 'hotels',
      examples: englishHotels,
      response: { resp_text: 'EN hotels' },
    });
    await addCommand(mixed, {
      name: 'wetter',
      lang: 'de',
      examples: germanWeather,
      response: { resp_text: 'DE wetter' },
    });
    await addCommand(mixed, {
      name: 'hotel de',
      lang: 'de',
      examples: germanHotels,
      response: { resp_text: 'DE hotels' },
    });
  }, 60_000);

  afterAll(() => server?.close());

  it('sends none of 50 short ambiguous messages to a language the bot does not speak', async () => {
    expect(AMBIGUOUS_MESSAGES).toHaveLength(50);
    const misrouted: string[] = [];
    for (const message of AMBIGUOUS_MESSAGES) {
      for (const [bot, languages] of [
        [english, ['en']],
        [german, ['de']],
        [mixed, ['en', 'de']],
      ] as const) {
        const { lang } = await debugLanguage(bot, message);
        if (!(languages as readonly string[]).includes(lang)) misrouted.push(`${message} → ${lang}`);
      }
    }
    expect(misrouted).toEqual([]);
  });

  it('answers “pizza”, “restaurants in Cairo” and “hotels in Berlin” with an English-only bot’s commands', async () => {
    const sender = newSender(english);
    expect(await sender.say('pizza')).toEqual([expect.objectContaining({ text: 'EN pizza' })]);
    expect(await sender.say('restaurants in Cairo')).toEqual([
      expect.objectContaining({ text: 'EN restaurants' }),
    ]);
    expect(await sender.say('hotels in Berlin')).toEqual([expect.objectContaining({ text: 'EN hotels' })]);
  });

  it('answers “Pizza” with a German-only bot’s command', async () => {
    expect(await newSender(german).say('Pizza')).toEqual([expect.objectContaining({ text: 'DE pizza' })]);
  });

  it('keeps the better of two close languages’ readings in a mixed bot', async () => {
    expect(await newSender(mixed).say('pizza')).toEqual([expect.objectContaining({ text: 'EN pizza' })]);
    expect(await newSender(mixed).say('Wetter')).toEqual([expect.objectContaining({ text: 'DE wetter' })]);
    expect((await debugLanguage(mixed, 'pizza')).matched_command?.command_name).toBe('pizza');
  });

  it('reads an ambiguous message in the language of the page’s locale and the sender’s previous message', async () => {
    const { senderId } = newSender(mixed);
    expect(await sendWithLocale(mixed, senderId, 'wie ist das wetter heute', 'de_DE')).toEqual([
      expect.objectContaining({ text: 'DE wetter' }),
    ]);
    expect(await sendWithLocale(mixed, senderId, 'Hotel', 'de_DE')).toEqual([
      expect.objectContaining({ text: 'DE hotels' }),
    ]);
    const englishSender = newSender(mixed);
    expect(await sendWithLocale(mixed, englishSender.senderId, 'book a hotel room', 'en')).toEqual([
      expect.objectContaining({ text: 'EN hotels' }),
    ]);
    expect(await sendWithLocale(mixed, englishSender.senderId, 'Hotel', 'en')).toEqual([
      expect.objectContaining({ text: 'EN hotels' }),
    ]);
  });
});
