import http from 'node:http';

export interface CallAnswer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: the bench reads arbitrary answer fields
  json: any;
}

/** A small JSON client over keep-alive sockets (cheaper per call than fetch, so the load side stays light). */
export function createClient(baseUrl: string, maxSockets = 256) {
  const base = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  return {
    /** `moreHeaders`: more request headers (a webhook's secret header) */
    call(
      method: string,
      path: string,
      body?: unknown,
      token?: string,
      moreHeaders: Record<string, string> = {},
    ): Promise<CallAnswer> {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const headers: Record<string, string> = { ...moreHeaders };
      if (payload !== undefined) {
        headers['content-type'] = 'application/json';
        headers['content-length'] = String(Buffer.byteLength(payload));
      }
      if (token) headers.authorization = `Bearer ${token}`;
      return new Promise((resolve, reject) => {
        const request = http.request(
          { host: base.hostname, port: base.port, path, method, headers, agent },
          (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () => {
              const text = Buffer.concat(chunks).toString();
              let json: unknown = null;
              try {
                json = JSON.parse(text);
              } catch {
                json = text;
              }
              resolve({ status: response.statusCode ?? 0, json });
            });
            response.on('error', reject);
          },
        );
        request.on('error', reject);
        if (payload !== undefined) request.write(payload);
        request.end();
      });
    },
    close() {
      agent.destroy();
    },
  };
}
