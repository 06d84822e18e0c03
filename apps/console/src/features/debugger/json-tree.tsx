import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import classes from './json-tree.module.css';

/** Spec §2 Debugger: the JSON tree opens 7 levels deep. */
export const JSON_OPEN_DEPTH = 7;

type Container = Record<string, unknown> | unknown[];

function isContainer(value: unknown): value is Container {
  return typeof value === 'object' && value !== null;
}

function entriesOf(value: Container): [string, unknown][] {
  return Array.isArray(value) ? value.map((item, index) => [String(index), item]) : Object.entries(value);
}

function summaryOf(value: Container): string {
  return Array.isArray(value) ? `[${value.length}]` : `{${Object.keys(value).length}}`;
}

function JsonValue({ value }: { value: unknown }) {
  if (typeof value === 'string') {
    return (
      <span className={classes.string} dir="auto">
        "{value}"
      </span>
    );
  }
  if (typeof value === 'number') return <span className={classes.number}>{value}</span>;
  return <span className={classes.literal}>{value === undefined ? 'undefined' : JSON.stringify(value)}</span>;
}

interface JsonNodeProps {
  name: string | null;
  value: unknown;
  /** the root is depth 0 */
  depth: number;
  openDepth: number;
}

function JsonNode({ name, value, depth, openDepth }: JsonNodeProps) {
  const [isOpen, setOpen] = useState(depth < openDepth);
  const label = name === null ? null : <span className={classes.key}>{name}: </span>;
  if (!isContainer(value)) {
    return (
      <li>
        {label}
        <JsonValue value={value} />
      </li>
    );
  }
  const Chevron = isOpen ? IconChevronDown : IconChevronRight;
  return (
    <li data-depth={depth}>
      <button
        type="button"
        className={classes.toggle}
        aria-expanded={isOpen}
        onClick={() => setOpen(!isOpen)}
      >
        <Chevron size={12} />
        {label}
        <span className={classes.summary}>{summaryOf(value)}</span>
      </button>
      {isOpen && (
        <ul className={classes.children}>
          {entriesOf(value).map(([key, child]) => (
            <JsonNode key={key} name={key} value={child} depth={depth + 1} openDepth={openDepth} />
          ))}
        </ul>
      )}
    </li>
  );
}

/** A collapsible tree of any JSON value; containers down to `openDepth` levels start open. */
export function JsonTree({ value, openDepth = JSON_OPEN_DEPTH }: { value: unknown; openDepth?: number }) {
  return (
    <ul className={classes.tree} dir="ltr" data-testid="json-tree">
      <JsonNode name={null} value={value} depth={0} openDepth={openDepth} />
    </ul>
  );
}
