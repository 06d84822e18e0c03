import { LoadingOverlay } from '@mantine/core';
import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

/** Requests quicker than this finish before the overlay shows, so fast pages do not flicker. */
const SHOW_DELAY_MS = 150;

/** Covers the page while any query or mutation is in flight. */
export function RequestOverlay() {
  const isBusy = useIsFetching() + useIsMutating() > 0;
  const [isVisible, setVisible] = useState(false);

  useEffect(() => {
    if (!isBusy) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(true), SHOW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [isBusy]);

  return (
    <LoadingOverlay
      visible={isVisible}
      pos="fixed"
      zIndex={300}
      overlayProps={{ backgroundOpacity: 0.25, blur: 1 }}
      loaderProps={{ type: 'dots' }}
      data-testid="loading-overlay"
    />
  );
}
