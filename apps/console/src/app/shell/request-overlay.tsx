import { LoadingOverlay } from '@mantine/core';
import { useIsFetching, useIsMutating } from '@tanstack/react-query';

/** Covers the page while any query or mutation is in flight. */
export function RequestOverlay() {
  const isBusy = useIsFetching() + useIsMutating() > 0;
  return (
    <LoadingOverlay
      visible={isBusy}
      pos="fixed"
      zIndex={300}
      overlayProps={{ backgroundOpacity: 0.25, blur: 1 }}
      loaderProps={{ type: 'dots' }}
      data-testid="loading-overlay"
    />
  );
}
