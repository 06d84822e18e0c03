import { notifications } from '@mantine/notifications';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { preloadLazyComponents } from '../components/lazy-screen.tsx';
// registers the lazy toasts and dialogs, fetched below so every rendered console shows them at once
import '../app/providers.tsx';
import { addTranslations, initI18n } from '../lib/i18n.ts';
import ar from '../locales/ar.json';
import en from '../locales/en.json';

// The console fetches a language's strings when it first shows that language; tests have both from the start.
initI18n('en');
addTranslations('en', en);
addTranslations('ar', ar);
await preloadLazyComponents();

// jsdom lacks the layout APIs Mantine reads.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver ??= ResizeObserverStub;
Element.prototype.scrollIntoView ??= () => {};
// Mantine's auto-growing Textarea listens for font loading.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });
}

afterEach(() => {
  cleanup();
  // the toasts' store outlives a test; left over, earlier toasts would queue a later test's beyond the limit of 5
  notifications.clean();
  localStorage.clear();
});
