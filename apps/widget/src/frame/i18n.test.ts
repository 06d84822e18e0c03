import { describe, expect, it } from 'vitest';
import { welcomeText } from './i18n.ts';

describe('the welcome message', () => {
  const settings = {
    welcome_msg: 'Welcome to the shop',
    default_lang: 'en',
    welcome_msg_langs: { ar: 'أهلاً بك في المتجر', de: 'Willkommen im Laden' },
  };

  it('is the owner’s version in the page’s language', () => {
    expect(welcomeText(settings, 'ar-EG', 'ar')).toBe('أهلاً بك في المتجر');
    expect(welcomeText(settings, 'de-DE', 'en')).toBe('Willkommen im Laden');
  });

  it('is the plain message in the bot’s default language, or when no version fits', () => {
    expect(welcomeText(settings, 'en-US', 'en')).toBe('Welcome to the shop');
    expect(welcomeText(settings, 'fr-FR', 'en')).toBe('Welcome to the shop');
    expect(welcomeText({ welcome_msg: 'Hi', default_lang: 'en' }, 'ar', 'ar')).toBe('Hi');
  });
});
