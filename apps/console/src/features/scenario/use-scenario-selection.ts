import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** A positive id from a query value, or null. */
export function parseSelectedId(value: string | null): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/**
 * The scenario screen's chosen service and command live in the query (`?service=3&command=12`), so a reload or
 * a shared link shows the same selection. Choosing another service clears the command.
 */
export function useScenarioSelection() {
  const [searchParams, setSearchParams] = useSearchParams();
  const serviceId = parseSelectedId(searchParams.get('service'));
  const commandId = parseSelectedId(searchParams.get('command'));

  const selectService = useCallback(
    (id: number | null) => setSearchParams(id ? { service: String(id) } : {}),
    [setSearchParams],
  );
  const selectCommand = useCallback(
    (id: number | null) =>
      setSearchParams((current) => {
        const params = new URLSearchParams(current);
        if (id) params.set('command', String(id));
        else params.delete('command');
        return params;
      }),
    [setSearchParams],
  );

  return { serviceId, commandId, selectService, selectCommand };
}
