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
import { loadBank, saveBank } from './bank-repository.ts';
import { idleBank } from './sender-bank.ts';
import { listTurns } from './turn-repository.ts';
import { TurnWriter } from './turn-writer.ts';

describe.each(await testDatabaseKinds())('turn storage and concurrency on $label', (kind) => {
  let server: ConversationServer;
  let bot: TestBot;
  let formId: number;
  beforeAll(async () => {
    server = await startConversationServer(kind);
    bot = await createBot(server);
    const text = (name: string) => ({
      var_name: name,
      var_type: 'text' as const,
      var_val_text: 'x',
      var_prompt: `${name}?`,
    });
    formId = (
      await addCommand(bot, {
        name: 'contact form',
        examples: ['contact form', 'i want to contact you', 'send a message to support', 'get in touch'],
        variables: [text('first'), text('second'), text('third')],
        response: { resp_text: '{{first}}-{{second}}-{{third}}' },
      })
    ).id;
  });
  afterAll(async () => {
    await server.close();
  });

  it('stores each turn with the event, the matched command, its score and the replies', async () => {
    const sender = newSender(bot);
    await sender.say('contact form');
    const key = { userId: bot.userId, platform: 'web', senderId: String(sender.senderId) };
    const [turn] = await listTurns(server.database.db, key, { limit: 10 });
    expect(turn).toMatchObject({
      event: { type: 'text', text: 'contact form' },
      commandId: formId,
      replies: [{ type: 'text', text: 'first?' }],
    });
    expect(turn?.score).toBeGreaterThan(0);
  });

  it('handles one sender’s simultaneous messages one after another, losing none', async () => {
    const sender = newSender(bot);
    expect(await sender.say('contact form')).toEqual([{ type: 'text', text: 'first?' }]);
    const answers = await Promise.all(['a', 'b', 'c'].map((text) => sender.say(text)));
    const texts = answers.flat().map((reply) => String(reply.text));
    expect(texts).toHaveLength(3);
    expect(texts).toEqual(expect.arrayContaining(['second?', 'third?']));
    const final = texts.find((text) => text !== 'second?' && text !== 'third?');
    expect(final?.split('-').sort()).toEqual(['a', 'b', 'c']);
    const key = { userId: bot.userId, platform: 'web', senderId: String(sender.senderId) };
    expect((await loadBank(server.database.db, key)).bank.in_progress).toBe(false);
  });

  it('refuses a bank write based on a version another writer has replaced', async () => {
    const key = { userId: bot.userId, platform: 'web', senderId: 'race' };
    const db = server.database.db;
    const now = new Date().toISOString();
    expect(await saveBank(db, key, 0, idleBank(), now)).toBe(true);
    expect(await saveBank(db, key, 0, idleBank(), now)).toBe(false);
    expect(await saveBank(db, key, 1, { ...idleBank(), msg: 'first' }, now)).toBe(true);
    expect(await saveBank(db, key, 1, { ...idleBank(), msg: 'second' }, now)).toBe(false);
    expect(await loadBank(db, key)).toMatchObject({ version: 2, bank: { msg: 'first' } });
  });

  it('commits a batch of turns together, a stale one writing nothing', async () => {
    const db = server.database.db;
    const writer = new TurnWriter(db);
    const sender = (senderId: string) => ({ userId: bot.userId, platform: 'web', senderId });
    const now = new Date().toISOString();
    const write = (senderId: string, readVersion: number) =>
      writer.write({
        sender: sender(senderId),
        readVersion,
        bank: { ...idleBank(), msg: senderId },
        preferences: [],
        turn: {
          event: { type: 'text', text: senderId },
          commandId: null,
          score: null,
          replies: [],
          trace: [],
          createdAt: now,
        },
      });
    const [fresh, stale] = await Promise.all([write('batch-a', 0), write('batch-b', 7)]);
    expect(fresh).toEqual(expect.any(Number));
    expect(stale).toBeNull();
    expect(await listTurns(db, sender('batch-b'), { limit: 5 })).toEqual([]);
    expect((await loadBank(db, sender('batch-a'))).bank.msg).toBe('batch-a');
  });

  it('stores batches that write only turns (banks unchanged) with each turn under its own sender', async () => {
    const db = server.database.db;
    const writer = new TurnWriter(db);
    const sender = (senderId: string) => ({ userId: bot.userId, platform: 'web', senderId });
    const now = new Date().toISOString();
    const writeAll = (senderIds: string[]) =>
      Promise.all(
        senderIds.map((senderId) =>
          writer.write({
            sender: sender(senderId),
            readVersion: 1,
            bank: null,
            preferences: [],
            turn: {
              event: { type: 'text', text: `${senderId} ${Math.random()}` },
              commandId: null,
              score: null,
              replies: [],
              trace: [],
              createdAt: now,
            },
          }),
        ),
      );
    for (const senderId of ['only-a', 'only-b', 'only-c'])
      await saveBank(db, sender(senderId), 0, idleBank(), now);
    // three senders: one insert statement; one sender twice: two statements in a transaction
    const ids = [
      ...(await writeAll(['only-a', 'only-b', 'only-c'])),
      ...(await writeAll(['only-a', 'only-a'])),
    ];
    expect(new Set(ids).size).toBe(5);
    const idsOf = async (senderId: string) =>
      (await listTurns(db, sender(senderId), { limit: 5 })).map((turn) => turn.id).sort();
    expect(await idsOf('only-a')).toEqual([ids[0], ids[3], ids[4]].sort());
    expect(await idsOf('only-b')).toEqual([ids[1]]);
    expect(await idsOf('only-c')).toEqual([ids[2]]);
  });
});
