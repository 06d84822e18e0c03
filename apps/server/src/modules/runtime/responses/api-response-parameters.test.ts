import { commandResponseRecord } from '@hiwar/contracts';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../../platform/db/database.ts';
import type { OutboundHttp, OutboundRequestOptions } from '../../../platform/net/outbound-http.ts';
import { executeApiResponse } from './api-response.ts';
import type { ResponseContext } from './response-executor.ts';

/** An HTTP client that records the request and answers `{}`. */
function recordingHttp() {
  const requests: { url: string; options: OutboundRequestOptions }[] = [];
  const http: OutboundHttp = {
    request: async (url, options = {}) => {
      requests.push({ url, options });
      return { status: 200, headers: {}, contentType: 'application/json', bodyText: '{"ok":1}', url };
    },
  };
  return { http, requests };
}

function contextWith(http: OutboundHttp, vars: Record<string, string>): ResponseContext {
  return {
    db: {} as Database,
    ownerId: 1,
    values: vars,
    vars,
    variables: [],
    sender: { userId: 1, platform: 'web', senderId: '7' },
    location: null,
    lang: 'en',
    senderLang: 'en',
    now: new Date(),
    http,
  };
}

const apiResponse = (pars: unknown[]) =>
  commandResponseRecord.parse({
    resp_id: 1,
    resp_command_id: 1,
    created_at: null,
    updated_at: null,
    resp_type: 'api',
    resp_api_url: 'https://api.example.com/find',
    resp_api_pars: pars,
    resp_api_resp_data_field: 'ok',
  });

describe('api response parameters', () => {
  it('reads a pars parameter (no variable, no default) from the variable of its own name', async () => {
    const { http, requests } = recordingHttp();
    const response = apiResponse([
      { name: 'city', var_id: null, var_name: '', var_default_value: '' },
      { name: 'lang', var_id: null, var_name: '', var_default_value: 'en' },
      { name: 'missing', var_id: null, var_name: '', var_default_value: '' },
    ]);
    const replies = await executeApiResponse(response, contextWith(http, { city: 'Giza', lang: 'ar' }));
    expect(replies).toEqual([{ type: 'text', text: '1' }]);
    // a default is not overridden by a variable that happens to share the parameter's name
    expect(requests[0]?.url).toBe('https://api.example.com/find?city=Giza&lang=en');
  });

  it('throws without an HTTP client, so the sender gets the fallback message', async () => {
    const context = { ...contextWith(recordingHttp().http, {}), http: undefined };
    await expect(executeApiResponse(apiResponse([]), context)).rejects.toThrow(/no outbound HTTP client/);
  });
});
