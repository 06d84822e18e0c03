import {
  type BotMessage,
  type CommandResponseRecord,
  MAX_RESPONSE_TEXT,
  textInLanguage,
} from '@hiwar/contracts';
import type { OutboundAnswer } from '../../../platform/net/outbound-http.ts';
import { parseHeaderText } from '../actions/outbound-actions.ts';
import { type ParameterSources, parameterValue } from '../actions/parameter-values.ts';
import { interpolate } from '../interpolate.ts';
import { itemText, valueAtPath } from './item-values.ts';
import { renderItems } from './render-items.ts';
import type { ResponseContext } from './response-executor.ts';
import { renderIntro } from './text-response.ts';

/** Spec part 2 §9: a response shows 3 items unless its limit says otherwise. */
const DEFAULT_LIMIT = 3;
const MAX_LIMIT = 50;

/** The parameters' values (actions/parameter-values.ts: the variable's, else the default; a `pars` one by name). */
function apiParameters(response: CommandResponseRecord, context: ResponseContext): Record<string, string> {
  const sources: ParameterSources = {
    variables: context.variables,
    vars: { ...context.vars },
    placeholders: { ...context.values },
  };
  const params: Record<string, string> = {};
  for (const parameter of response.resp_api_pars) {
    const value = parameterValue(parameter, sources);
    if (value !== undefined) params[parameter.name] = itemText(value) ?? '';
  }
  return params;
}

/** The URL with `{{…}}` filled in (each value URL-encoded) and, for GET, the parameters in its query. */
function requestUrl(template: string, context: ResponseContext, query: Record<string, string>): string {
  const encoded = Object.fromEntries(
    Object.entries(context.values).map(([name, value]) => [name, encodeURIComponent(value)]),
  );
  const filled = interpolate(template, encoded).trim();
  let url: URL;
  try {
    url = new URL(filled);
  } catch {
    throw new Error(`the API address is not a URL: ${filled.slice(0, 200)}`);
  }
  for (const [name, value] of Object.entries(query)) url.searchParams.append(name, value);
  return url.href;
}

async function callApi(response: CommandResponseRecord, context: ResponseContext): Promise<OutboundAnswer> {
  if (!context.http) throw new Error('no outbound HTTP client in this process');
  const params = apiParameters(response, context);
  const isPost = response.resp_api_req_type.toUpperCase() === 'POST';
  const headers = parseHeaderText(response.resp_api_headers, { ...context.values });
  const hasContentType = Object.keys(headers).some((name) => name.toLowerCase() === 'content-type');
  if (isPost && !hasContentType) headers['content-type'] = 'application/json';
  const answer = await context.http.request(
    requestUrl(response.resp_api_url, context, isPost ? {} : params),
    {
      method: isPost ? 'POST' : 'GET',
      headers,
      ...(isPost && { body: JSON.stringify(params) }),
      ...(context.timeouts?.apiMs !== undefined && { timeoutMs: context.timeouts.apiMs }),
    },
  );
  if (answer.status < 200 || answer.status > 299) throw new Error(`the API answered ${answer.status}`);
  return answer;
}

/** A `text` answer: `resp_text` with `{{response}}` when it names it, else the answer's text itself. */
function renderTextAnswer(
  response: CommandResponseRecord,
  context: ResponseContext,
  body: string,
): BotMessage[] {
  const answer = body.trim().slice(0, MAX_RESPONSE_TEXT);
  if (/\{\{\s*response\s*\}\}/.test(response.resp_text)) {
    const text = interpolate(response.resp_text, { ...context.values, response: answer });
    return text.trim() === '' ? [] : [{ type: 'text', text }];
  }
  return answer === '' ? [] : [{ type: 'text', text: answer }];
}

/** The items of a `json` answer at `resp_api_resp_data_field`: one for `single`, the list for `multi`. */
function itemsOf(response: CommandResponseRecord, body: string): unknown[] {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new Error('the API answer is not JSON');
  }
  const path = response.resp_api_resp_data_field;
  const data = valueAtPath(json, path);
  if (data === undefined) throw new Error(`the API answer has no field "${path}"`);
  const list = Array.isArray(data) ? data : [data];
  return response.resp_api_resp_data_type === 'multi' ? list : list.slice(0, 1);
}

function renderJsonAnswer(
  response: CommandResponseRecord,
  context: ResponseContext,
  body: string,
): BotMessage[] {
  const isMulti = response.resp_api_resp_data_type === 'multi';
  const limit = response.resp_api_resp_data_limit > 0 ? response.resp_api_resp_data_limit : DEFAULT_LIMIT;
  const via = response.resp_api_resp_via;
  const intro = renderIntro(response, context.values);
  const introText = intro[0]?.type === 'text' ? intro[0].text : '';
  const layout = {
    via,
    limit: isMulti ? Math.min(limit, MAX_LIMIT) : 1,
    struct: response.resp_api_resp_struct,
    text: introText,
  };
  const items = renderItems(itemsOf(response, body), layout, context);
  if (items.length === 0) return [];
  return via === 'quick_rep' ? items : [...intro, ...items];
}

/** `resp_api_extra_resp`: its message, with its options as quick replies, after the answer. */
function renderExtraResponse(response: CommandResponseRecord, context: ResponseContext): BotMessage[] {
  const extra = response.resp_api_extra_resp;
  const choice = { message: context.lang, plain: null };
  const text = interpolate(textInLanguage(extra.message, extra.message_langs, choice), context.values);
  const replies = extra.options.map((option) => ({
    label: textInLanguage(option.label, option.label_langs, choice),
    payload: interpolate(option.value, context.values),
  }));
  if (replies.length > 0) return [{ type: 'quick_replies', text, replies }];
  return text.trim() === '' ? [] : [{ type: 'text', text }];
}

/**
 * `api`: the owner's HTTP API called through the outbound client (GET with the parameters in the query, POST
 * with them as a JSON body), its answer rendered — a `json` answer's items through the response struct, a
 * `text` answer as text — then the extra response. A refused, slow, too large, non-2xx or unreadable answer
 * throws: the sender gets the response's fallback message, the reason goes to the turn's trace.
 */
export async function executeApiResponse(
  response: CommandResponseRecord,
  context: ResponseContext,
): Promise<BotMessage[]> {
  const answer = await callApi(response, context);
  const messages =
    response.resp_api_resp_type === 'text'
      ? renderTextAnswer(response, context, answer.bodyText)
      : renderJsonAnswer(response, context, answer.bodyText);
  if (messages.length === 0) return [];
  return [...messages, ...renderExtraResponse(response, context)];
}
