import { Center, Loader } from '@mantine/core';
import { type ComponentType, lazy, type ReactElement, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** What a route shows while its screen's code is on the way. */
export function ScreenLoader() {
  const { t } = useTranslation();
  return (
    <Center py="xl" data-testid="screen-loader">
      <Loader aria-label={t('common.loading')} />
    </Center>
  );
}

interface LazySource {
  load: () => Promise<ComponentType>;
  pending?: Promise<ComponentType>;
  component?: ComponentType;
}

const sources = new Set<LazySource>();

function fetchComponent(source: LazySource): Promise<ComponentType> {
  source.pending ??= source.load().then(
    (component) => {
      source.component = component;
      return component;
    },
    (error: unknown) => {
      source.pending = undefined; // a failed fetch (offline, a new deployment) is tried again next time
      throw error;
    },
  );
  return source.pending;
}

/**
 * A component whose code is fetched the first time it renders (wrap it in Suspense). Once fetched — by an
 * earlier render or by `preloadLazyComponents` — it renders at once, without suspending. `load` must use a
 * dynamic `import()`, or the code lands in the first load after all.
 */
export function lazyComponent(load: () => Promise<ComponentType>): ComponentType {
  const source: LazySource = { load };
  sources.add(source);
  const Fetched = lazy(() => fetchComponent(source).then((component) => ({ default: component })));
  return function LazyComponent() {
    // chosen once per mount: switching from Fetched to the component itself would remount it and lose its state
    const [Component] = useState(() => source.component ?? Fetched);
    return <Component />;
  };
}

/**
 * A route element whose screen is fetched the first time the route shows, with a loader meanwhile. Every screen
 * is its own chunk, so the console's first load carries only the frame; the build's size check keeps it that
 * way (`scripts/check-bundle-size.mjs`).
 */
export function lazyScreen(load: () => Promise<ComponentType>): ReactElement {
  const Screen = lazyComponent(load);
  return (
    <Suspense fallback={<ScreenLoader />}>
      <Screen />
    </Suspense>
  );
}

/**
 * Fetches every lazy component not fetched yet. The console calls it once the first screen shows, so moving to
 * another screen does not wait for the network; component tests call it so screens render at once.
 */
export async function preloadLazyComponents(): Promise<void> {
  await Promise.all([...sources].map(fetchComponent));
}
