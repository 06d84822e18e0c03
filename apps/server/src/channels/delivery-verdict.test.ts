import { describe, expect, it } from 'vitest';
import { RetryLater } from '../modules/subscriptions/platform-senders.ts';
import { GraphError } from '../platform/facebook/graph-api.ts';
import { backoffMs } from '../platform/jobs/backoff.ts';
import { isFetchTimeout } from '../platform/net/outbound-error.ts';
import { durationText, verdictOf } from './delivery-verdict.ts';
import { GoogleChatError } from './google-chat/google-chat-api.ts';
import { TelegramError } from './telegram/telegram-api.ts';
import { WhatsappAddressRefused, WhatsappError } from './whatsapp/whatsapp-api.ts';

describe('what a failed send means for its delivery', () => {
  it('waits a platform’s retry_after of any length, and backs off from a 5xx or an unreachable platform', () => {
    expect(verdictOf(new TelegramError('sendMessage', 429, 'Too Many Requests', 90))).toMatchObject({
      kind: 'retry',
      afterMs: 90_000,
    });
    expect(verdictOf(new TelegramError('sendMessage', 500, 'Internal Server Error'))).toMatchObject({
      kind: 'retry',
      afterMs: null,
    });
    expect(verdictOf(new TelegramError('sendMessage', 0, 'fetch failed'))).toMatchObject({ kind: 'retry' });
    expect(verdictOf(new WhatsappError('POST x/messages', 400, 'limit', 130429, 5))).toMatchObject({
      kind: 'retry',
      afterMs: 5000,
    });
    expect(verdictOf(new GoogleChatError('spaces.messages.create', 503, 'Unavailable'))).toMatchObject({
      kind: 'retry',
    });
    expect(verdictOf(new RetryLater(30_000))).toMatchObject({ kind: 'retry', afterMs: 30_000 });
  });

  it('stops at a definite refusal', () => {
    for (const error of [
      new TelegramError('sendMessage', 403, 'Forbidden: bot was blocked by the user'),
      new TelegramError('sendMessage', 400, 'Bad Request: chat not found'),
      new WhatsappError('POST x/messages', 400, 'Re-engagement message', 131047),
      new GraphError('me/messages', 400, 'outside the allowed window', 10),
      new WhatsappAddressRefused('POST x/messages', 0, 'a local address that is not allowed'),
      new Error('no WhatsApp business number known yet'),
    ]) {
      expect(verdictOf(error).kind, error.message).toBe('refused');
    }
  });

  it('passes over a refusal of one message and goes on, but stops at a refusal of the chat', () => {
    for (const error of [
      new TelegramError('sendPhoto', 400, 'Bad Request: wrong file identifier/HTTP URL specified'),
      new GraphError('me/messages', 400, '(#100) Invalid parameter', 100, 2018047),
      new WhatsappError('POST x/messages', 400, 'Media download error', 131052),
      new WhatsappError('POST x/messages', 400, 'Template name does not exist', 132001),
      new GoogleChatError('spaces.messages.create', 400, 'Invalid JSON payload'),
    ]) {
      expect(verdictOf(error).kind, error.message).toBe('skipped');
    }
    for (const error of [
      new TelegramError('sendMessage', 400, 'Bad Request: chat not found'),
      new GraphError('me/messages', 400, 'No matching user found', 100, 2018001),
      new GraphError('me/messages', 400, 'This person isn’t available right now', 551),
      new WhatsappError('POST x/messages', 400, 'Message undeliverable', 131026),
      new GoogleChatError('spaces.messages.create', 404, 'Space not found'),
    ]) {
      expect(verdictOf(error).kind, error.message).toBe('refused');
    }
  });

  it('marks a call that got no answer in time, the one a resend may show twice', () => {
    const timeout = new DOMException('The operation was aborted due to timeout', 'TimeoutError');
    expect(isFetchTimeout(timeout)).toBe(true);
    expect(isFetchTimeout(new TypeError('fetch failed'))).toBe(false);
    expect(verdictOf(new TelegramError('sendMessage', 0, timeout.message, null, true))).toMatchObject({
      kind: 'retry',
      unanswered: true,
    });
    expect(verdictOf(new TelegramError('sendMessage', 0, 'fetch failed'))).toMatchObject({
      kind: 'retry',
      unanswered: false,
    });
    expect(verdictOf(new WhatsappError('POST x/messages', 400, 'pair rate limit', 131056))).toMatchObject({
      kind: 'retry',
      unanswered: false,
    });
  });

  it('backs off 2 s, 6 s, 18 s… up to 30 min, with half to one and a half times the wait', () => {
    expect([1, 2, 3, 4].map((attempt) => backoffMs(attempt, () => 0.5))).toEqual([
      2000, 6000, 18_000, 54_000,
    ]);
    expect(backoffMs(20, () => 0.5)).toBe(30 * 60_000);
    expect(backoffMs(1, () => 0)).toBe(1000);
    expect(backoffMs(1, () => 0.999_999)).toBeLessThanOrEqual(3000);
  });

  it('says how long until the next try', () => {
    expect([900, 45_000, 70_000, 120_000, 3_900_000, 7_200_000].map(durationText)).toEqual([
      '1 s',
      '45 s',
      '70 s',
      '2 min',
      '1 h 5 min',
      '2 h',
    ]);
  });
});
