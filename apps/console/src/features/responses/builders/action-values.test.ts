import { describe, expect, it } from 'vitest';
import { actionProblems, areHeadersValid, blankAction, trimmedAction } from './action-values.ts';

describe('response action values', () => {
  it('reads headers as the runtime does: empty, a JSON object, or Name: value lines', () => {
    expect(areHeadersValid('')).toBe(true);
    expect(areHeadersValid('{"X-Key": "{{city}}"}')).toBe(true);
    expect(areHeadersValid('X-Key: 1\n\nAccept: text/plain')).toBe(true);
    expect(areHeadersValid('["X-Key"]')).toBe(false);
    expect(areHeadersValid('{"X-Key": ')).toBe(false);
    expect(areHeadersValid('Bad Header: 1')).toBe(false);
    expect(areHeadersValid(': no name')).toBe(false);
  });

  it('needs a title, a body and one to five valid recipients for mail', () => {
    const mail = { ...blankAction('mail'), resp_action_mail_title: 'T', resp_action_mail_msg: 'B' };
    expect(actionProblems({ ...mail, resp_action_mail_to: ['a@example.com'] })).toEqual([]);
    expect(actionProblems(mail)).toEqual(['resp_action_mail_to']);
    expect(actionProblems({ ...mail, resp_action_mail_to: ['a@example'] })).toEqual(['resp_action_mail_to']);
    const six = ['a', 'b', 'c', 'd', 'e', 'f'].map((name) => `${name}@example.com`);
    expect(actionProblems({ ...mail, resp_action_mail_to: six })).toEqual(['resp_action_mail_to']);
    expect(actionProblems(blankAction('mail'))).toEqual([
      'resp_action_mail_title',
      'resp_action_mail_msg',
      'resp_action_mail_to',
    ]);
  });

  it('needs a URL and get, post or pars for api; subscribe needs nothing', () => {
    const api = { ...blankAction('api'), resp_action_api_url: 'https://x.example' };
    expect(actionProblems(api)).toEqual([]);
    expect(actionProblems({ ...api, resp_action_api_req_type: 'put' })).toEqual(['resp_action_api_req_type']);
    expect(actionProblems({ ...api, resp_action_api_url: ' ' })).toEqual(['resp_action_api_url']);
    expect(actionProblems(blankAction('subscribe'))).toEqual([]);
  });

  it('keeps only the fields of the action type', () => {
    const changed = {
      ...blankAction('api'),
      resp_action_mail_title: 'left over',
      resp_action_api_url: 'https://x',
    };
    expect(trimmedAction(changed)).toEqual({ ...blankAction('api'), resp_action_api_url: 'https://x' });
  });
});
