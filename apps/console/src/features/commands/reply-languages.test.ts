import { describe, expect, it } from 'vitest';
import { languagesWithoutReply } from './reply-languages.ts';

const examples = (...langs: string[]) => langs.map((example_lang) => ({ example_lang, example_status: 1 }));

describe('languagesWithoutReply', () => {
  it('names the languages of the examples whose version the reply text lacks, never the command’s own', () => {
    const reply = { resp_type: 'text', resp_text: 'Hello!', resp_text_langs: { de: 'Hallo!' } };
    expect(languagesWithoutReply(reply, 'en', examples('en', 'ar', 'de'))).toEqual(['ar']);
    expect(languagesWithoutReply(reply, 'en', examples('en'))).toEqual([]);
    expect(
      languagesWithoutReply(
        { ...reply, resp_text_langs: { ar: 'أهلاً', de: 'Hallo!' } },
        'en',
        examples('ar', 'de'),
      ),
    ).toEqual([]);
  });

  it('looks at every text a sender reads: the fallback, quick replies and cards, but not titles read from data', () => {
    const quickReplies = {
      resp_text: 'Pick one',
      resp_text_langs: { ar: 'اختر' },
      quick_replies: [{ label: 'Yes' }],
    };
    expect(languagesWithoutReply(quickReplies, 'en', examples('ar'))).toEqual(['ar']);
    const api = {
      resp_fallback_msg: 'Not now',
      resp_struct: [{ title_key: 'name', title_default_value: 'Item' }],
    };
    expect(languagesWithoutReply(api, 'en', examples('ar'))).toEqual(['ar']);
    expect(
      languagesWithoutReply({ ...api, resp_fallback_msg_langs: { ar: 'ليس الآن' } }, 'en', examples('ar')),
    ).toEqual([]);
  });

  it('ignores switched-off examples and replies with nothing written', () => {
    expect(
      languagesWithoutReply({ resp_text: 'Hi' }, 'en', [{ example_lang: 'ar', example_status: 0 }]),
    ).toEqual([]);
    expect(languagesWithoutReply({ resp_type: 'api', resp_text: '' }, 'en', examples('ar'))).toEqual([]);
  });
});
