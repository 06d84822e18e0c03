import { existsSync, readFileSync, writeFileSync } from 'node:fs';

/**
 * Appends `block` at the end of the section `heading` (e.g. "## Conversations") of RESULTS.md, creating the file
 * or the section when missing; every other section is left as it is.
 */
export function appendToResultsSection(file: string, heading: string, block: string): void {
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmark results\n';
  const lines = text.split('\n');
  const start = lines.findIndex((line) => line.trim() === heading);
  if (start < 0) {
    writeFileSync(file, `${text.trimEnd()}\n\n${heading}\n\n${block.trimEnd()}\n`);
    return;
  }
  const nextOffset = lines.slice(start + 1).findIndex((line) => /^##?\s/.test(line));
  const end = nextOffset < 0 ? lines.length : start + 1 + nextOffset;
  const section = lines.slice(start, end).join('\n').trimEnd();
  const rest = lines.slice(end).join('\n');
  const updated = [...lines.slice(0, start), `${section}\n\n${block.trimEnd()}\n`].join('\n');
  writeFileSync(file, rest.trim() === '' ? updated : `${updated}\n${rest}`);
}
