import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A mail as the sink received it: the envelope's recipients and the raw message (headers and body). */
export interface Mail {
  to: string[];
  text: string;
}

/** An SMTP server on 127.0.0.1 that keeps every mail it is given (a server's SMTP_URL points at it). */
export function startSmtpSink(): Promise<{ sink: SMTPServer; port: number; mails: Mail[] }> {
  const mails: Mail[] = [];
  const sink = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let text = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        text += chunk;
      });
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), text });
        callback();
      });
    },
  });
  return new Promise((resolve) =>
    sink.listen(0, '127.0.0.1', () => {
      const { port } = sink.server.address() as AddressInfo;
      resolve({ sink, port, mails });
    }),
  );
}

/** A mail's body with quoted-printable soft line breaks joined, so a long link reads as one line. */
export const unfolded = (mail: Mail) => mail.text.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
