import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { JSON_OPEN_DEPTH, JsonTree } from './json-tree.tsx';

/** {level1: {level2: {... {level9: 'leaf'}}}} */
function nested(levels: number): unknown {
  let value: unknown = 'leaf';
  for (let level = levels; level >= 1; level -= 1) value = { [`level${level}`]: value };
  return value;
}

describe('JSON tree', () => {
  it(`opens ${JSON_OPEN_DEPTH} levels deep and keeps deeper levels closed`, () => {
    render(<JsonTree value={nested(9)} />);
    for (let level = 1; level <= JSON_OPEN_DEPTH; level += 1) {
      expect(screen.getByText(`level${level}:`)).toBeDefined();
    }
    expect(screen.queryByText(`level${JSON_OPEN_DEPTH + 1}:`)).toBeNull();
    const deepest = screen.getByText(`level${JSON_OPEN_DEPTH}:`).closest('button');
    expect(deepest?.getAttribute('aria-expanded')).toBe('false');
  });

  it('opens a closed node and closes an open one on click', () => {
    render(<JsonTree value={nested(9)} />);
    fireEvent.click(screen.getByText('level7:'));
    expect(screen.getByText('level8:')).toBeDefined();
    fireEvent.click(screen.getByText('level2:'));
    expect(screen.queryByText('level3:')).toBeNull();
  });

  it('shows strings, numbers, booleans and null with array sizes', () => {
    render(<JsonTree value={{ list: ['مرحبا', 2, true, null] }} />);
    expect(screen.getByText('[4]')).toBeDefined();
    expect(screen.getByText('"مرحبا"').getAttribute('dir')).toBe('auto');
    expect(screen.getByText('2')).toBeDefined();
    expect(screen.getByText('true')).toBeDefined();
    expect(screen.getByText('null')).toBeDefined();
  });
});
