import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sends mail on the server's behalf (activation links, notifications). */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** The default mailer: without an SMTP server configured, mail goes to the server log for the operator. */
export function createLogMailer(log: FastifyBaseLogger): Mailer {
  return {
    async send(message) {
      log.info({ mail: message }, `mail to ${message.to}: ${message.subject}`);
    },
  };
}
