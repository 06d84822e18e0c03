import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { OutboundError, type OutboundErrorReason } from '../../../platform/net/outbound-error.ts';

/** What a test server saw of one request. */
export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface TestServer {
  port: number;
  /** http://host:port */
  origin: string;
  seen: SeenRequest[];
  close(): Promise<void>;
}

type Handler = (request: SeenRequest, response: ServerResponse) => void;

/**
 * A real HTTP server on `host` (127.0.0.1 unless given) and `port` (any free one unless given) that records every
 * request before `handle` answers it.
 */
export async function startTestServer(handle: Handler, host = '127.0.0.1', port = 0): Promise<TestServer> {
  const seen: SeenRequest[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const record = {
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      seen.push(record);
      handle(record, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const listening = (server.address() as AddressInfo).port;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    port: listening,
    origin: `http://${shownHost}:${listening}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The reason `promise` failed with, checking that it failed with an OutboundError. */
export async function reasonOf(promise: Promise<unknown>): Promise<OutboundErrorReason | 'answered'> {
  try {
    await promise;
    return 'answered';
  } catch (error) {
    expect(error).toBeInstanceOf(OutboundError);
    return (error as OutboundError).reason;
  }
}

/** A test-only self-signed certificate for tls.test.example (valid until 2126). */
export const TEST_TLS = {
  name: 'tls.test.example',
  key: `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg+E6Xn9otPElYG47w
RqJsrh8luBDDuiwQyQaNSlfWIgehRANCAAQKqmUQiRy567uJC+4BSUutW6lOfy5S
avNffnSVQajJnCM5Zz4M6Ek4N08Ud8bId7naQBz7P961wWea+JuqPfD3
-----END PRIVATE KEY-----
`,
  cert: `-----BEGIN CERTIFICATE-----
MIIBqzCCAVCgAwIBAgIULCQ6gOyH5GDfVyY/tIvVDDxyGe4wCgYIKoZIzj0EAwIw
GzEZMBcGA1UEAwwQdGxzLnRlc3QuZXhhbXBsZTAgFw0yNjExMjQxMTM1MzhaGA8y
MTI2MTAzMTExMzUzOFowGzEZMBcGA1UEAwwQdGxzLnRlc3QuZXhhbXBsZTBZMBMG
ByqGSM49AgEGCCqGSM49AwEHA0IABAqqZRCJHLnru4kL7gFJS61bqU5/LlJq819+
dJVBqMmcIzlnPgzoSTg3TxR3xsh3udpAHPs/3rXBZ5r4m6o98PejcDBuMB0GA1Ud
DgQWBBTd2h4yFH5bpmw894o8StA8IYNRCjAfBgNVHSMEGDAWgBTd2h4yFH5bpmw8
94o8StA8IYNRCjAPBgNVHRMBAf8EBTADAQH/MBsGA1UdEQQUMBKCEHRscy50ZXN0
LmV4YW1wbGUwCgYIKoZIzj0EAwIDSQAwRgIhAI1eEx/P+0l2sdn7R0cIXJNnrSEE
Mn5QLkA/VhVzOYm6AiEA2WESqOnTjJ9qH8KJs4Rx9k3t441auJCzzK2gyQaATgw=
-----END CERTIFICATE-----
`,
};
