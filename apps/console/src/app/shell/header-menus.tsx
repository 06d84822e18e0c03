import { Suspense } from 'react';
import { lazyComponent } from '../../components/lazy-screen.tsx';
import { AccountButton, LanguageButton } from './menu-buttons.tsx';

const LazyLanguageMenu = lazyComponent(() => import('./language-menu.tsx').then((file) => file.LanguageMenu));
const LazyAccountMenu = lazyComponent(() => import('./account-menu.tsx').then((file) => file.AccountMenu));

/** The language menu, its button drawn alone until the menu's code is in (see menu-buttons.tsx). */
export function HeaderLanguageMenu() {
  return (
    <Suspense fallback={<LanguageButton />}>
      <LazyLanguageMenu />
    </Suspense>
  );
}

/** The account menu, its button drawn alone until the menu's code is in. */
export function HeaderAccountMenu() {
  return (
    <Suspense fallback={<AccountButton />}>
      <LazyAccountMenu />
    </Suspense>
  );
}
