export type Crumb =
  | { kind: 'segment'; path: string; segment: string }
  | { kind: 'new'; path: string }
  | { kind: 'all'; path: string }
  | { kind: 'id'; path: string; id: string; parentSegment: string }
  /** `…/result/options/api`: the response type a step of the response editor is for */
  | { kind: 'responseType'; path: string; type: string };

/** The response editor's steps whose next segment names a response type. */
const TYPED_STEPS = new Set(['options', 'template']);

/** Segments whose id 0 is no new record but a filter on every one: `/locations/0` lists the locations of all maps. */
const ZERO_MEANS_ALL = new Set(['locations']);

/**
 * Segments whose children are keys, not only numbers: `/conversations/web:4f2a` names a sender; the screens
 * listed beside them (`/conversations/not-understood`) keep their names.
 */
const KEYED: Record<string, ReadonlySet<string>> = { conversations: new Set(['not-understood']) };

function isKeyUnder(parent: string, segment: string) {
  const screens = KEYED[parent];
  return screens !== undefined && !screens.has(segment);
}

function isId(segment: string) {
  return /^\d+$/.test(segment);
}

/**
 * One crumb per URL segment: named segments are translated, `0` reads "New" (or "All" where it filters),
 * other ids get a name lookup.
 * A number as the first segment is a page (`/404`), not an id.
 */
export function buildCrumbs(pathname: string): Crumb[] {
  const segments = pathname.split('/').filter(Boolean).map(decodeURIComponent);
  return segments.map((segment, index) => {
    const path = `/${segments.slice(0, index + 1).join('/')}`;
    if (segment === '0' && index === 1 && ZERO_MEANS_ALL.has(segments[0] ?? '')) return { kind: 'all', path };
    if (segment === '0' && index > 0) return { kind: 'new', path };
    if (TYPED_STEPS.has(segments[index - 1] ?? '') && segments[index - 2] === 'result')
      return { kind: 'responseType', path, type: segment };
    if (index === 1 && isKeyUnder(segments[0] ?? '', segment))
      return { kind: 'id', path, id: segment, parentSegment: segments[0] ?? '' };
    if (isId(segment) && index > 0)
      return { kind: 'id', path, id: segment, parentSegment: segments[index - 1] ?? '' };
    return { kind: 'segment', path, segment };
  });
}
