import { Table, type TableTdProps, Text, type TextProps } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * Text an owner or a sender wrote (a name, an example, a reply), shown in a list or a card: laid out by its own
 * first letter (`dir="auto"`) and aligned to its own start, so an Arabic text reads right to left in the
 * English console and an English one left to right in the Arabic console.
 */
export function OwnText({ children, ...props }: TextProps & { children: ReactNode }) {
  return (
    <Text dir="auto" ta="start" {...props}>
      {children}
    </Text>
  );
}

/** A table cell holding owner or sender text, laid out like `OwnText`. */
export function OwnTextCell({ children, ...props }: TableTdProps & { children: ReactNode }) {
  return (
    <Table.Td dir="auto" ta="start" {...props}>
      {children}
    </Table.Td>
  );
}
