import { type CommandResponseRecord, MAX_MAIL_RECIPIENTS, type ResponseAction } from '@hiwar/contracts';
import { interpolate } from '../interpolate.ts';
import { type ParameterSources, parameterValue } from './parameter-values.ts';

/** A mail or api action of a response, its placeholders filled in, waiting to be sent after the turn is stored. */
export type OutboundAction =
  | { kind: 'mail'; to: string[]; subject: string; text: string }
  | {
      kind: 'api';
      url: string;
      /** get: parameters in the query; post: a JSON body; pars: a form body (application/x-www-form-urlencoded) */
      requestType: 'get' | 'post' | 'pars';
      headers: Record<string, string>;
      params: Record<string, string>;
    };

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * The headers an owner typed: a JSON object, or one `Name: value` a line. Names that are not header names and
 * values with line breaks are left out (a header can never smuggle a second one).
 */
export function parseHeaderText(text: string, placeholders: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = {};
  const add = (name: string, value: unknown) => {
    const filled = interpolate(String(value ?? ''), placeholders).trim();
    if (HEADER_NAME.test(name.trim()) && !/[\r\n]/.test(filled)) headers[name.trim()] = filled;
  };
  const trimmed = text.trim();
  if (trimmed === '') return headers;
  if (trimmed.startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
        for (const [name, value] of Object.entries(parsed)) add(name, value);
        return headers;
      }
    } catch {
      // not JSON: read it as lines
    }
  }
  for (const line of trimmed.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) add(line.slice(0, colon), line.slice(colon + 1));
  }
  return headers;
}

function textValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function actionOf(action: ResponseAction, sources: ParameterSources): OutboundAction | null {
  const fill = (text: string) => interpolate(text, sources.placeholders);
  if (action.resp_action_type === 'mail') {
    const to = action.resp_action_mail_to.slice(0, MAX_MAIL_RECIPIENTS);
    if (to.length === 0) return null;
    return {
      kind: 'mail',
      to,
      subject: fill(action.resp_action_mail_title),
      text: fill(action.resp_action_mail_msg),
    };
  }
  if (action.resp_action_type === 'api') {
    const url = fill(action.resp_action_api_url).trim();
    const requestType = action.resp_action_api_req_type.toLowerCase();
    if (url === '' || (requestType !== 'get' && requestType !== 'post' && requestType !== 'pars'))
      return null;
    const params: Record<string, string> = {};
    for (const parameter of action.resp_action_api_pars) {
      const value = parameterValue(parameter, sources);
      if (value !== undefined) params[parameter.name] = textValue(value);
    }
    return {
      kind: 'api',
      url,
      requestType,
      headers: parseHeaderText(action.resp_action_api_headers, sources.placeholders),
      params,
    };
  }
  // subscribe is a write with the turn (plan-effects.ts); customer support comes with its issue
  return null;
}

/** The mail and api actions a response runs after its answer (its actions switch on), in order. */
export function planOutboundActions(
  response: CommandResponseRecord,
  sources: ParameterSources,
): OutboundAction[] {
  if (response.resp_action_status !== 1) return [];
  return response.resp_actions.flatMap((action) => actionOf(action, sources) ?? []);
}
