/** One tag of an example: a span of its text (`tag`) that is a value of the variable `type` (a var_id). */
export interface ExampleTag {
  tag: string;
  type: number;
}

/**
 * Spec §4: tagging needs selected text; tagging the same variable again replaces its earlier tag, so each
 * variable has at most one tag per example.
 */
export function tagExample(
  tags: readonly ExampleTag[],
  selectedText: string,
  variableId: number,
): ExampleTag[] {
  const tag = selectedText.trim();
  if (tag === '') return [...tags];
  return [...tags.filter((existing) => existing.type !== variableId), { tag, type: variableId }];
}

export function untagExample(tags: readonly ExampleTag[], variableId: number): ExampleTag[] {
  return tags.filter((existing) => existing.type !== variableId);
}

/** Tags whose text no longer occurs in the example (it was edited) are dropped: the server refuses them. */
export function keepTagsFoundIn(text: string, tags: readonly ExampleTag[]): ExampleTag[] {
  return tags.filter((existing) => text.includes(existing.tag));
}

export interface TextSegment {
  text: string;
  /** the tagging variable's id when this span is tagged */
  variableId?: number;
}

interface Span {
  start: number;
  end: number;
  variableId: number;
}

function locateTags(text: string, tags: readonly ExampleTag[]): Span[] {
  const spans: Span[] = [];
  for (const { tag, type } of tags) {
    const start = text.indexOf(tag);
    if (tag !== '' && start >= 0) spans.push({ start, end: start + tag.length, variableId: type });
  }
  spans.sort((a, b) => a.start - b.start || b.end - a.end);
  // overlapping tags: the one that starts first keeps the shared characters, the later one is not highlighted
  const kept: Span[] = [];
  for (const span of spans) if (span.start >= (kept.at(-1)?.end ?? 0)) kept.push(span);
  return kept;
}

/** The example text cut into plain and tagged spans, in order, for highlighting. */
export function segmentExample(text: string, tags: readonly ExampleTag[]): TextSegment[] {
  const segments: TextSegment[] = [];
  let cursor = 0;
  for (const span of locateTags(text, tags)) {
    if (span.start > cursor) segments.push({ text: text.slice(cursor, span.start) });
    segments.push({ text: text.slice(span.start, span.end), variableId: span.variableId });
    cursor = span.end;
  }
  if (cursor < text.length) segments.push({ text: text.slice(cursor) });
  return segments;
}
