import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { type SmtpSink, startSmtpSink } from '../../testing/platform/mail/smtp-sink.ts';
import { createOutboundGuard, OutboundRefusedError } from '../net/outbound-guard.ts';
import { createSmtpMailer, type OwnerMailerDeps, ownerMailer } from './mailer.ts';

function recordingLog(): { log: FastifyBaseLogger; lines: string[] } {
  const lines: string[] = [];
  const log = {
    info: (_fields: unknown, line: string) => void lines.push(line),
  } as unknown as FastifyBaseLogger;
  return { log, lines };
}

const sinks: SmtpSink[] = [];
async function sink(accounts?: Record<string, string>) {
  const started = await startSmtpSink(accounts);
  sinks.push(started);
  return started;
}

afterEach(async () => {
  await Promise.all(sinks.splice(0).map((started) => started.close()));
});

function depsOf(smtpUrl: string | null, log: FastifyBaseLogger): OwnerMailerDeps {
  return {
    smtpUrl,
    mailFrom: 'Hiwar <no-reply@hiwar.test>',
    guard: createOutboundGuard([], async () => [{ address: '127.0.0.1', family: 4 }]),
    log,
  };
}

describe('SMTP mailer', () => {
  it('delivers the envelope, subject and body to the server', async () => {
    const server = await sink();
    const mailer = createSmtpMailer({ url: server.url, from: 'Hiwar <no-reply@hiwar.test>' });
    await mailer.send({
      to: ['a@example.com', 'b@example.com'],
      subject: 'New order',
      text: 'Order 42 is in.',
    });

    expect(server.received).toHaveLength(1);
    const [mail] = server.received;
    expect(mail?.from).toBe('no-reply@hiwar.test');
    expect(mail?.to).toEqual(['a@example.com', 'b@example.com']);
    expect(mail?.raw).toMatch(/^Subject: New order\r?$/m);
    expect(mail?.raw).toContain('Order 42 is in.');
  });

  it('rejects when the server refuses the login, so the caller can log the failure', async () => {
    const server = await sink({ owner: 'right' });
    const mailer = createSmtpMailer({
      url: server.url,
      from: 'x@hiwar.test',
      auth: { user: 'owner', pass: 'wrong' },
    });
    await expect(mailer.send({ to: 'a@example.com', subject: 's', text: 't' })).rejects.toThrow();
    expect(server.received).toHaveLength(0);
  });

  it('rejects when nothing listens on the port', async () => {
    const server = await sink();
    const { url } = server;
    await server.close();
    sinks.length = 0;
    const mailer = createSmtpMailer({ url, from: 'x@hiwar.test' });
    await expect(mailer.send({ to: 'a@example.com', subject: 's', text: 't' })).rejects.toThrow();
  });
});

describe('the mailer of an owner', () => {
  it('logs in with the owner’s own account on the operator’s server and sends from its address', async () => {
    const server = await sink({ 'shop@example.com': 'owner-secret' });
    const { log } = recordingLog();
    const mailer = await ownerMailer(depsOf(server.url, log), {
      username: 'shop@example.com',
      password: 'owner-secret',
    });
    await mailer.send({ to: 'buyer@example.com', subject: 'Thanks', text: 'See you' });

    expect(server.received).toHaveLength(1);
    expect(server.received[0]?.user).toBe('shop@example.com');
    expect(server.received[0]?.from).toBe('shop@example.com');
  });

  it('uses the operator’s server and address when the owner has no account', async () => {
    const server = await sink();
    const { log } = recordingLog();
    const mailer = await ownerMailer(depsOf(server.url, log), { username: '', password: '' });
    await mailer.send({ to: 'buyer@example.com', subject: 'Thanks', text: 'See you' });

    expect(server.received[0]?.from).toBe('no-reply@hiwar.test');
  });

  it('writes the mail to the log when neither is set', async () => {
    const { log, lines } = recordingLog();
    const mailer = await ownerMailer(depsOf(null, log), null);
    await mailer.send({ to: ['a@example.com', 'b@example.com'], subject: 'Hello', text: 'Body' });

    expect(lines).toEqual(['mail to a@example.com, b@example.com: Hello']);
  });

  it('reaches smtp.<the account’s domain> only through the outbound guard', async () => {
    const { log } = recordingLog();
    const account = { username: 'shop@intranet.example', password: 'secret' };
    // the guard's resolver answers 127.0.0.1 for smtp.intranet.example, which is not allow-listed
    await expect(ownerMailer(depsOf(null, log), account)).rejects.toBeInstanceOf(OutboundRefusedError);
  });
});
