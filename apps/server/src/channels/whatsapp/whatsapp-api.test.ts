import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeWhatsapp, startFakeWhatsapp } from '../../testing/channels/whatsapp/fake-whatsapp-api.ts';
import { callWhatsapp, WhatsappError } from './whatsapp-api.ts';

const TOKEN = 'EAAG-token';
const send = {
  method: 'POST' as const,
  path: '1065/messages',
  body: { messaging_product: 'whatsapp', to: '201001234567', type: 'text', text: { body: 'hi' } },
};

describe('callWhatsapp against the fake Cloud API', () => {
  let fake: FakeWhatsapp;
  const waits: number[] = [];
  const sleep = async (ms: number) => {
    waits.push(ms);
  };
  beforeAll(async () => {
    fake = await startFakeWhatsapp();
    fake.addNumber(TOKEN, { phoneNumberId: '1065' });
  });
  afterAll(() => fake.close());

  it('waits the Retry-After of a 429 and backs off after a 500, then answers the message id', async () => {
    waits.length = 0;
    fake.failNext(429, { retryAfter: 2 });
    fake.failNext(500);
    const answer = await callWhatsapp<{ messages: { id: string }[] }>(fake.url, TOKEN, send, { sleep });
    expect(answer.messages[0]?.id).toMatch(/^wamid\./);
    expect(waits).toEqual([2000, 1000]);
  });

  it("gives up on Graph's refusals at once: a bad token, a text over 4,096", async () => {
    const badToken = callWhatsapp(fake.url, 'wrong', send, { sleep });
    await expect(badToken).rejects.toMatchObject({ status: 401, code: 190, isTokenRefused: true });
    const long = { ...send, body: { ...send.body, text: { body: 'a'.repeat(4097) } } };
    const refused = await callWhatsapp(fake.url, TOKEN, long, { sleep }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(WhatsappError);
    expect((refused as WhatsappError).isRetryable).toBe(false);
  });

  it('hands a 429 back after one try when asked to', async () => {
    fake.failNext(429, { retryAfter: 3 });
    const error = await callWhatsapp(fake.url, TOKEN, send, { attempts: 1, sleep }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toMatchObject({ status: 429, retryAfter: 3, isRateLimited: true });
  });
});
