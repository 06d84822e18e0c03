import { commandPayload } from '@hiwar/contracts';
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
import { insertTurns } from '../runtime/turn-repository.ts';
import { recordSenderTurns } from '../senders/sender-repository.ts';

/** Letters no example has: the bot cannot read them as any of its commands. */
const GIBBERISH = ['zzqx vvkq', 'wxqj kkvz', 'qqjx zzvw', 'kkvq xxzj'];

interface Figures {
  /** the dashboard: the customer messages of the traffic card's 30 days, and the understood ones */
  messages: number;
  understood: number;
  /** the dashboard's waiting card, and the inbox's own count of its open groups' messages */
  waiting: number;
  inboxMessages: number;
  /** the conversations list: the turns of every conversation */
  listTurns: number;
  /** the transcripts: their turns, and those marked not understood */
  transcriptTurns: number;
  transcriptNotUnderstood: number;
}

/**
 * The dashboard's counts and understood share, the not-understood inbox and the
 * conversations list read the same stored turns — every customer message once, the test chat's none.
 */
describe.each(await testDatabaseKinds())(
  'the dashboard, the inbox and the conversations agree on $label',
  (kind) => {
    let server: ConversationServer;
    let bot: TestBot;
    let pizzaId: number;
    const get = async (path: string) => {
      const answer = await server.call('GET', `/api${path}`, { token: bot.token });
      expect(answer.status, path).toBe(200);
      return answer.json;
    };

    async function figures(): Promise<Figures> {
      const traffic = await get('/user/traffic?period=day');
      const buckets: { messages: number; understood: number }[] = traffic.data.buckets;
      const waiting = await get('/inbox/waiting');
      const inbox = await get('/inbox/not_understood');
      const senderKeys: string[] = [];
      let listTurns = 0;
      for (let page = 1; ; page += 1) {
        const list = await get(`/conversations?page=${page}`);
        for (const row of list.data as { sender_key: string; turns: number }[]) {
          senderKeys.push(row.sender_key);
          listTurns += row.turns;
        }
        if (!list.has_more) break;
      }
      let transcriptTurns = 0;
      let transcriptNotUnderstood = 0;
      for (const key of senderKeys) {
        for (let page = 1; ; page += 1) {
          const transcript = await get(`/conversations/${encodeURIComponent(key)}/turns?page=${page}`);
          transcriptTurns += transcript.data.length;
          transcriptNotUnderstood += transcript.data.filter(
            (turn: { not_understood: boolean }) => turn.not_understood,
          ).length;
          if (page >= transcript.pages_count) break;
        }
      }
      return {
        messages: buckets.reduce((sum, bucket) => sum + bucket.messages, 0),
        understood: buckets.reduce((sum, bucket) => sum + bucket.understood, 0),
        waiting: waiting.data.waiting,
        inboxMessages: inbox.data.reduce((sum: number, group: { count: number }) => sum + group.count, 0),
        listTurns,
        transcriptTurns,
        transcriptNotUnderstood,
      };
    }

    /** Nothing was dismissed or added as an example: every not-understood message waits in the inbox. */
    function expectAgreement(seen: Figures) {
      expect(seen.messages).toBe(seen.listTurns);
      expect(seen.messages).toBe(seen.transcriptTurns);
      expect(seen.messages - seen.understood).toBe(seen.transcriptNotUnderstood);
      expect(seen.waiting).toBe(seen.transcriptNotUnderstood);
      expect(seen.inboxMessages).toBe(seen.waiting);
    }

    beforeAll(async () => {
      server = await startConversationServer(kind);
      bot = await createBot(server);
      pizzaId = (
        await addCommand(bot, {
          name: 'order pizza',
          examples: ['I want a pizza', 'order a pizza please', 'can I get a pizza', 'pizza delivery'],
          response: { resp_text: 'Which pizza would you like?' },
        })
      ).id;
      await addCommand(bot, {
        name: 'book room',
        examples: ['book a room', 'reserve a hotel room', 'i want a room for tonight', 'room booking'],
        variables: [
          {
            var_name: 'size',
            var_type: 'list',
            var_val_list: ['single', 'double', 'suite'],
            var_prompt: 'Which room?',
            var_max_tries: 2,
          },
        ],
        response: { resp_text: 'A {{size}} room is booked.' },
      });
    });
    afterAll(async () => {
      await server.close();
    });

    it('count the same customer messages and not-understood ones, whenever they are read', async () => {
      const start = Date.now();
      // turns of ten minutes ago (counted into the day's totals) and turns of now (read as they are)
      server.clock.now = new Date(start - 10 * 60_000);
      const alice = newSender(bot);
      await alice.say('I want a pizza');
      await alice.say(GIBBERISH[0] ?? '');
      await alice.say('book a room');
      await alice.say('a castle');
      await alice.say('a barn');
      await alice.send({ type: 'location', lat: 30.0444, lng: 31.2357 });
      await alice.press(commandPayload(pizzaId));
      await alice.press('مساعدة');
      // the console's test chat is no customer: in no figure
      for (const text of ['I want a pizza', GIBBERISH[1] ?? '']) {
        const answer = await server.call('POST', '/api/test_chat/send', {
          token: bot.token,
          body: { event: { type: 'text', text } },
        });
        expect(answer.status).toBe(200);
      }
      const first = await figures();
      expect(first.messages).toBe(8);
      expect(first.messages - first.understood).toBe(2);
      expectAgreement(first);

      server.clock.now = new Date(start);
      const bob = newSender(bot);
      await bob.say('can I get a pizza');
      await bob.say(GIBBERISH[2] ?? '');
      await alice.say(GIBBERISH[0] ?? '');
      // read by several requests at once (the dashboard's cards, the sidebar; several processes on PostgreSQL)
      await Promise.all(
        ['/inbox/waiting', '/user/traffic?period=day', '/inbox/waiting', '/user/traffic?period=month'].map(
          get,
        ),
      );
      const second = await figures();
      expect(second.messages).toBe(11);
      expect(second.messages - second.understood).toBe(4);
      expectAgreement(second);
      // read again: counted once
      expect(await figures()).toEqual(second);
    });

    // Another server process (PostgreSQL, several processes) stores a turn whose id comes before turns stored
    // after it. SQLite has one writer: its turns are stored in the order of their ids.
    it.runIf(kind.label === 'postgres')(
      'count a message another process stored after later ones, on the dashboard and in the inbox',
      async () => {
        server.clock.now = new Date();
        const { db } = server.database;
        const storeLate = async (senderId: string, text: string) => {
          let release = () => {};
          const held = new Promise<void>((resolve) => {
            release = resolve;
          });
          let stored: (turnId: number) => void = () => {};
          const turnId = new Promise<number>((resolve) => {
            stored = resolve;
          });
          const sender = { userId: bot.userId, platform: 'web', senderId };
          const at = new Date().toISOString();
          const writing = db.transaction().execute(async (trx) => {
            const [id = 0] = await insertTurns(trx, [
              {
                sender,
                turn: {
                  event: { type: 'text', text },
                  commandId: null,
                  score: null,
                  replies: [{ type: 'text', text: "Sorry, I didn't understand that." }],
                  trace: [],
                  createdAt: at,
                  lang: 'en',
                  notUnderstood: [{ commandId: pizzaId, score: 0.1 }],
                },
              },
            ]);
            await recordSenderTurns(trx, [{ ...sender, turnId: id, at, text, lang: 'en' }]);
            stored(id);
            await held;
          });
          const id = await turnId;
          return {
            id,
            commit: async () => {
              release();
              await writing;
            },
          };
        };

        // the dashboard is read while the slow message is not stored yet, the inbox only after
        const late = await storeLate('late-1', GIBBERISH[3] ?? '');
        const carol = newSender(bot);
        const quick = await carol.send({ type: 'text', text: 'I want a pizza' });
        expect(quick.turn_id).toBeGreaterThan(late.id);
        await get('/user/traffic?period=day');
        await late.commit();
        expectAgreement(await figures());

        // the inbox is read while the slow message is not stored yet, the dashboard only after
        const later = await storeLate('late-2', 'xxzq jjkv');
        const quicker = await carol.send({ type: 'text', text: GIBBERISH[1] ?? '' });
        expect(quicker.turn_id).toBeGreaterThan(later.id);
        await get('/inbox/waiting');
        await later.commit();
        expectAgreement(await figures());
      },
    );
  },
);
