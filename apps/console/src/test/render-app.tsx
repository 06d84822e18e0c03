import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { Providers } from '../app/providers.tsx';
import { createQueryClient } from '../app/query-client.ts';
import { buildRoutes } from '../app/router.tsx';
import { preloadLazyComponents } from '../components/lazy-screen.tsx';
import type { FeatureModule } from '../lib/feature-module.ts';
import { initI18n } from '../lib/i18n.ts';
import type { Language } from '../lib/language.ts';

// Screens load by route; tests fetch them all up front, so a rendered screen shows in the same tick.
await preloadLazyComponents();

export type FakeServer = (method: string, path: string, body: unknown) => { status?: number; json: unknown };

/** Answers `fetch` from a function of method and path (the `/api` prefix removed). */
export function stubServer(server: FakeServer) {
  const fetchStub = vi.fn(async (url: string, init?: RequestInit) => {
    const path = url.replace(/^\/api/, '');
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
    const answer = server(init?.method ?? 'GET', path, body);
    return new Response(JSON.stringify(answer.json), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchStub);
  return fetchStub;
}

/** The whole console at `path`, on a memory router, with a fresh query cache. */
export function renderApp(path: string, language: Language = 'en', modules?: FeatureModule[]) {
  const router = createMemoryRouter(buildRoutes(modules), { initialEntries: [path] });
  const i18n = initI18n(language);
  const view = render(
    <Providers i18n={i18n} queryClient={createQueryClient()} env="test">
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, ...view };
}

/** The router's current path with its query. */
export function currentPath(router: ReturnType<typeof createMemoryRouter>) {
  const { pathname, search } = router.state.location;
  return `${pathname}${search}`;
}

/** One component inside the providers, on a memory router at `path`. */
export function renderAt(element: ReactElement, path = '/', language: Language = 'en') {
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [path] });
  const view = render(
    <Providers i18n={initI18n(language)} queryClient={createQueryClient()} env="test">
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, ...view };
}
