import type { FastifyReply } from 'fastify';

const messages = {
  401: 'The request does not carry the platform’s signature or secret',
  403: 'This webhook does not accept the request',
  404: 'The chatbot was not found, or the channel is switched off',
} as const;

/** A webhook's refusal in the house envelope (`{status: 0, msg}`), like every other 4xx the server answers. */
export function refuse(reply: FastifyReply, code: keyof typeof messages, msg: string = messages[code]) {
  return reply.code(code).type('application/json; charset=utf-8').send({ status: 0, msg });
}
