import { exampleMessages, variableMessages } from '@hiwar/contracts';
import { describe, expect, it } from 'vitest';
import ar from '../locales/ar.json';
import en from '../locales/en.json';
import { localizeCatalogueMessage } from './contract-messages.ts';
import { initI18n } from './i18n.ts';

describe('variable and example messages', () => {
  it('have an English text equal to the contract and an Arabic translation', () => {
    for (const [key, text] of Object.entries(variableMessages)) {
      expect(en.variables.messages[key as keyof typeof en.variables.messages]).toBe(text);
      expect(ar.variables.messages[key as keyof typeof ar.variables.messages]).toMatch(/\p{Script=Arabic}/u);
    }
    for (const [key, text] of Object.entries(exampleMessages)) {
      expect(en.examples.messages[key as keyof typeof en.examples.messages]).toBe(text);
      expect(ar.examples.messages[key as keyof typeof ar.examples.messages]).toMatch(/\p{Script=Arabic}/u);
    }
  });

  it('show a server message of the catalogue in Arabic and leave other texts as they are', () => {
    const t = initI18n('ar').t;
    expect(localizeCatalogueMessage(t, variableMessages, 'variables', 'Please enter the variable name')).toBe(
      'الرجاء إدخال اسم المتغير',
    );
    expect(localizeCatalogueMessage(t, variableMessages, 'variables', 'Some other text')).toBe(
      'Some other text',
    );
  });
});
