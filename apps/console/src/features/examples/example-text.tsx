import { Mark } from '@mantine/core';
import { useRef } from 'react';
import { type ExampleTag, segmentExample } from './example-tagging.ts';
import classes from './example-text.module.css';

interface ExampleTextProps {
  text: string;
  tags: readonly ExampleTag[];
  dir: 'rtl' | 'ltr';
  variableName: (variableId: number) => string;
  placeholder: string;
  /** the text the user selected inside this example ('' when none) */
  onSelectText: (selectedText: string) => void;
}

/** The selection's text when it lies entirely inside `container`. */
export function selectedTextWithin(container: HTMLElement): string {
  const selection = window.getSelection();
  if (!selection || selection.isCollapsed || selection.rangeCount === 0) return '';
  if (!container.contains(selection.getRangeAt(0).commonAncestorContainer)) return '';
  return selection.toString().trim();
}

/** The example with its tagged spans highlighted and labelled with their variable's name. */
export function ExampleText({ text, tags, dir, variableName, placeholder, onSelectText }: ExampleTextProps) {
  const container = useRef<HTMLDivElement>(null);
  const captureSelection = () => {
    if (container.current) onSelectText(selectedTextWithin(container.current));
  };
  if (text.trim() === '')
    return (
      <div className={`${classes.text} ${classes.placeholder}`} dir={dir}>
        {placeholder}
      </div>
    );
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the handlers only read the text selection; the Tag button is the control
    <div
      ref={container}
      className={classes.text}
      dir={dir}
      data-testid="example-text"
      onMouseUp={captureSelection}
      onKeyUp={captureSelection}
    >
      {segmentExample(text, tags).map((segment, index) =>
        segment.variableId === undefined ? (
          // segments are positional slices of one text
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <span key={index}>{segment.text}</span>
        ) : (
          <Mark
            // biome-ignore lint/suspicious/noArrayIndexKey: positional slices of one text
            key={index}
            className={classes.tagged}
            data-variable={variableName(segment.variableId)}
            color="indigo.1"
          >
            {segment.text}
          </Mark>
        ),
      )}
    </div>
  );
}
