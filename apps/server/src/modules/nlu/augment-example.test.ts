import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAndLogin } from '../../testing/accounts.ts';
import { createCommand, createService, createVariable } from '../../testing/services/authoring-fixtures.ts';
import { testDatabaseKinds } from '../../testing/test-databases.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

/** Misspellings the augmenter used to write ("wehn are you opens please"): none may come back without typos. */
const TYPO_SHAPES = /\b(wehn|whens|opens|ar|yuo|oppen|wnat)\b/;

describe.each(await testDatabaseKinds())(
  'POST /command_example/augment_example phrasings on $label',
  (kind) => {
    let server: TestServer;
    let owner: { token: string };
    const commands: Record<string, number> = {};

    const augment = async (body: Record<string, unknown>) => {
      const answer = await server.call('POST', '/api/command_example/augment_example', {
        token: owner.token,
        body: { max_samples: 10, lev_min_ratio: 20, ...body },
      });
      return answer;
    };
    const texts = async (body: Record<string, unknown>) =>
      (await augment(body)).json.augmented_texts as string[];

    beforeAll(async () => {
      server = await startTestServer(kind);
      owner = await registerAndLogin(server);
      const serviceId = await createService(server, owner.token);
      for (const lang of ['en', 'de', 'ar']) {
        commands[lang] = await createCommand(server, owner.token, serviceId, {
          command_name: `hours_${lang}`,
          command_lang: lang,
        });
      }
      await createVariable(server, owner.token, commands.en!, {
        var_name: 'size',
        var_type: 'list',
        var_val_list: ['medium'],
        var_labels: [{ keyword: 'pepperoni', syns: ['salami'] }],
      });
    });

    afterAll(() => server?.close());

    it('rephrases “when are you open” fluently, with no typos unless asked', async () => {
      const samples = await texts({ value: 'when are you open', example_command_id: commands.en });
      expect(samples.length).toBeGreaterThan(1);
      for (const sample of samples) {
        expect(sample).not.toMatch(TYPO_SHAPES);
        expect(sample).not.toMatch(/^(could you|can you|please) when/);
      }
      expect(samples.some((sample) => /what time|opening hours/.test(sample))).toBe(true);
    });

    it('swaps in WordNet’s synonyms and the command’s list labels for an English example', async () => {
      const samples = await texts({
        value: 'i want to buy a pepperoni pizza',
        example_command_id: commands.en,
      });
      expect(samples.some((sample) => sample.includes('purchase'))).toBe(true);
      expect(samples.some((sample) => sample.includes('salami pizza'))).toBe(true);
    });

    it('writes numbers and days in other forms', async () => {
      const samples = await texts({ value: 'book a table for 2 tomorrow', example_command_id: commands.en });
      expect(samples.some((sample) => sample.includes('two'))).toBe(true);
      expect(samples.some((sample) => !sample.includes('tomorrow') || sample.startsWith('tomorrow,'))).toBe(
        true,
      );
    });

    it('rephrases German and Arabic examples in their language', async () => {
      const german = await texts({ value: 'wann habt ihr geöffnet', example_command_id: commands.de });
      expect(german.some((sample) => /offen|macht ihr auf|öffnungszeiten/.test(sample))).toBe(true);
      const arabic = await texts({ value: 'اريد اطلب بيتزا', example_command_id: commands.ar });
      expect(arabic.length).toBeGreaterThan(0);
      for (const sample of arabic) expect(sample).toMatch(/[\u0600-\u06FF]/);
      expect(arabic.some((sample) => /عايز|ابغى|بدي|حابب/.test(sample))).toBe(true);
    });

    it('adds typing mistakes only when typos is true', async () => {
      const value = 'i want to order a large pizza for tomorrow evening';
      const clean = await texts({ value, example_command_id: commands.en });
      const withTypos = await texts({ value, example_command_id: commands.en, typos: true });
      const words = (list: string[]) =>
        new Set(list.flatMap((sample) => sample.toLowerCase().split(/[\s,]+/)));
      const invented = [...words(withTypos)].filter(
        (word) => !words(clean).has(word) && !value.includes(word),
      );
      expect(invented.length).toBeGreaterThan(0);
    });

    it('refuses a typos flag that is not a boolean, with the field named', async () => {
      const answer = await augment({ value: 'hello there', typos: 'sometimes' });
      expect(answer.status).toBe(422);
      expect(Object.keys(answer.json.errors)).toEqual(['typos']);
    });
  },
);
