import { MAX_MAIL_RECIPIENTS, type ResponseAction, type responseActionTypes } from '@hiwar/contracts';

export type ActionType = (typeof responseActionTypes)[number];
export const actionRequestTypes = ['get', 'post', 'pars'] as const;

export const blankAction = (type: ActionType = 'mail'): ResponseAction => ({
  resp_action_type: type,
  resp_action_cs_connect_department: '',
  resp_action_mail_title: '',
  resp_action_mail_msg: '',
  resp_action_mail_to: [],
  resp_action_api_url: '',
  resp_action_api_req_type: 'get',
  resp_action_api_headers: '',
  resp_action_api_pars: [],
});

const EMAIL = /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]+$/;
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

export const isEmail = (text: string) => EMAIL.test(text.trim());

/** Headers as typed: empty, a JSON object, or one `Name: value` a line (as the runtime reads them). */
export function areHeadersValid(text: string): boolean {
  const trimmed = text.trim();
  if (trimmed === '') return true;
  if (trimmed.startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed);
    } catch {
      return false;
    }
  }
  return trimmed
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .every((line) => {
      const colon = line.indexOf(':');
      return colon > 0 && HEADER_NAME.test(line.slice(0, colon).trim());
    });
}

export type ActionField =
  | 'resp_action_mail_title'
  | 'resp_action_mail_msg'
  | 'resp_action_mail_to'
  | 'resp_action_api_url'
  | 'resp_action_api_req_type'
  | 'resp_action_api_headers';

/**
 * Spec §5: mail needs a title, a body and one to five recipients; api a URL, a request type (get, post or
 * pars) and headers the runtime can read. Answers the fields at fault (none: the action is valid).
 */
export function actionProblems(action: ResponseAction): ActionField[] {
  const problems: ActionField[] = [];
  if (action.resp_action_type === 'mail') {
    if (action.resp_action_mail_title.trim() === '') problems.push('resp_action_mail_title');
    if (action.resp_action_mail_msg.trim() === '') problems.push('resp_action_mail_msg');
    const to = action.resp_action_mail_to;
    if (to.length === 0 || to.length > MAX_MAIL_RECIPIENTS || !to.every(isEmail))
      problems.push('resp_action_mail_to');
  }
  if (action.resp_action_type === 'api') {
    if (action.resp_action_api_url.trim() === '') problems.push('resp_action_api_url');
    if (!(actionRequestTypes as readonly string[]).includes(action.resp_action_api_req_type))
      problems.push('resp_action_api_req_type');
    if (!areHeadersValid(action.resp_action_api_headers)) problems.push('resp_action_api_headers');
  }
  return problems;
}

/** Only the fields of the action's type are kept, so a mail action carries no stale api settings. */
export function trimmedAction(action: ResponseAction): ResponseAction {
  const blank = blankAction(action.resp_action_type);
  switch (action.resp_action_type) {
    case 'mail':
      return {
        ...blank,
        resp_action_mail_title: action.resp_action_mail_title,
        resp_action_mail_msg: action.resp_action_mail_msg,
        resp_action_mail_to: action.resp_action_mail_to,
      };
    case 'api':
      return {
        ...blank,
        resp_action_api_url: action.resp_action_api_url,
        resp_action_api_req_type: action.resp_action_api_req_type,
        resp_action_api_headers: action.resp_action_api_headers,
        resp_action_api_pars: action.resp_action_api_pars,
      };
    case 'cs_connect':
      return { ...blank, resp_action_cs_connect_department: action.resp_action_cs_connect_department };
    default:
      return blank;
  }
}
