import { datasetInUseMessage, datasetMessages, fieldExistsMessage } from '@hiwar/contracts';
import { describe, expect, it } from 'vitest';
import { initI18n } from '../../lib/i18n.ts';
import ar from '../../locales/ar.json';
import en from '../../locales/en.json';
import { localizeDatasetMessage } from './dataset-messages.ts';

describe('dataset messages', () => {
  it('have an English text equal to the contract and an Arabic translation', () => {
    for (const [key, text] of Object.entries(datasetMessages)) {
      expect(en.datasets.messages[key as keyof typeof en.datasets.messages]).toBe(text);
      expect(ar.datasets.messages[key as keyof typeof ar.datasets.messages]).toMatch(/\p{Script=Arabic}/u);
    }
  });

  it("show the contract's messages, '{name} field is exist' and the in-use refusal in Arabic", () => {
    const { t } = initI18n('ar');
    expect(localizeDatasetMessage(t, datasetMessages.missingData)).toBe('بيانات ناقصة');
    expect(localizeDatasetMessage(t, fieldExistsMessage('price'))).toBe('الحقل price موجود بالفعل');
    expect(localizeDatasetMessage(t, datasetInUseMessage(['variable "city" of command "order"']))).toBe(
      'مجموعة البيانات مستخدمة في variable "city" of command "order"',
    );
    expect(localizeDatasetMessage(t, 'Some other text')).toBe('Some other text');
  });

  it('read the same in English as the server writes them', () => {
    const { t } = initI18n('en');
    expect(localizeDatasetMessage(t, fieldExistsMessage('price'))).toBe(fieldExistsMessage('price'));
    expect(localizeDatasetMessage(t, datasetInUseMessage(['a', 'b']))).toBe(datasetInUseMessage(['a', 'b']));
  });
});
