import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** the raw message (headers and body) as the server received it */
  raw: string;
  /** the account that authenticated, when the client logged in */
  user: string | null;
}

export interface SmtpSink {
  url: string;
  port: number;
  received: ReceivedMail[];
  close(): Promise<void>;
}

/**
 * An SMTP server on 127.0.0.1 for tests, strict the way a real one is about the envelope: it keeps what it
 * receives. With `accounts` it requires one of them to log in (AUTH PLAIN/LOGIN over plain text, which
 * smtp-server allows only with `allowInsecureAuth`).
 */
export async function startSmtpSink(accounts?: Record<string, string>): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    disabledCommands: accounts ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    authOptional: !accounts,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (accounts && accounts[auth.username ?? ''] === auth.password)
        callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
          user: typeof session.user === 'string' ? session.user : null,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
