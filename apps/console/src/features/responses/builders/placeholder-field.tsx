import {
  Box,
  Paper,
  Text,
  Textarea,
  type TextareaProps,
  TextInput,
  type TextInputProps,
  UnstyledButton,
} from '@mantine/core';
import { useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  insertPlaceholder,
  matchingNames,
  type OpenToken,
  type PlaceholderLists,
  tokenAt,
} from './placeholder-tokens.ts';

type TextElement = HTMLInputElement | HTMLTextAreaElement;

interface PlaceholderProps {
  value: string;
  onChange: (value: string) => void;
  /** the names each token kind offers; a kind without names opens nothing */
  lists: PlaceholderLists;
  /** the element, for callers that insert at the caret themselves (the SQL editor's table chips) */
  inputRef?: React.RefObject<TextElement | null>;
}

/** The open list's state and keyboard handling, shared by the input and the textarea. */
function usePlaceholderList({ value, onChange, lists, inputRef }: PlaceholderProps) {
  const ownRef = useRef<TextElement | null>(null);
  const ref = inputRef ?? ownRef;
  const [token, setToken] = useState<OpenToken | null>(null);
  const [active, setActive] = useState(0);
  const [pendingCaret, setPendingCaret] = useState<number | null>(null);
  const names = token ? matchingNames(lists, token) : [];
  const isOpen = names.length > 0;

  useLayoutEffect(() => {
    if (pendingCaret === null || !ref.current) return;
    ref.current.focus();
    ref.current.setSelectionRange(pendingCaret, pendingCaret);
    setPendingCaret(null);
  }, [pendingCaret, ref]);

  const follow = (text: string, caret: number) => {
    setToken(tokenAt(text, caret));
    setActive(0);
  };
  const pick = (name: string) => {
    if (!token) return;
    const next = insertPlaceholder(value, token, name);
    onChange(next.text);
    setToken(null);
    setPendingCaret(next.caret);
  };
  const onKeyDown = (event: React.KeyboardEvent<TextElement>) => {
    if (!isOpen) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => (index + step + names.length) % names.length);
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      event.preventDefault();
      pick(names[Math.min(active, names.length - 1)] ?? '');
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setToken(null);
    }
  };
  const onTextChange = (event: React.ChangeEvent<TextElement>) => {
    onChange(event.currentTarget.value);
    follow(event.currentTarget.value, event.currentTarget.selectionStart ?? event.currentTarget.value.length);
  };
  return { ref, token, names, isOpen, active, pick, onKeyDown, onTextChange, close: () => setToken(null) };
}

function PlaceholderList({
  listId,
  state,
}: {
  listId: string;
  state: ReturnType<typeof usePlaceholderList>;
}) {
  const { t } = useTranslation();
  if (!state.isOpen || !state.token) return null;
  return (
    <Paper
      shadow="md"
      withBorder
      pos="absolute"
      style={{ zIndex: 300, insetInlineStart: 0, maxHeight: 220, overflowY: 'auto', minWidth: 200 }}
      p={4}
    >
      <Text size="xs" c="dimmed" px={6}>
        {t(`responses.builders.placeholders.kind.${state.token.kind}`)}
      </Text>
      <div
        role="listbox"
        id={listId}
        aria-label={t(`responses.builders.placeholders.kind.${state.token.kind}`)}
      >
        {state.names.map((name, index) => (
          <UnstyledButton
            key={name}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === state.active}
            display="block"
            w="100%"
            px={6}
            py={2}
            bg={index === state.active ? 'var(--mantine-color-blue-light)' : undefined}
            // mousedown: the pick happens before the field loses focus
            onMouseDown={(event) => {
              event.preventDefault();
              state.pick(name);
            }}
            dir="ltr"
          >
            {`{{${name}}}`}
          </UnstyledButton>
        ))}
      </div>
    </Paper>
  );
}

function comboboxProps(listId: string, state: ReturnType<typeof usePlaceholderList>) {
  return {
    role: 'combobox',
    'aria-autocomplete': 'list' as const,
    'aria-expanded': state.isOpen,
    'aria-controls': state.isOpen ? listId : undefined,
    'aria-activedescendant': state.isOpen ? `${listId}-${state.active}` : undefined,
    onKeyDown: state.onKeyDown,
    onChange: state.onTextChange,
    onBlur: state.close,
  };
}

type InputProps = PlaceholderProps & Omit<TextInputProps, 'value' | 'onChange'>;
type AreaProps = PlaceholderProps & Omit<TextareaProps, 'value' | 'onChange'>;

/**
 * The field with its list: a text input, or a textarea when `field` is one. The list's state lives here, so both
 * fields behave the same.
 */
function PlaceholderField({
  field,
  value,
  onChange,
  lists,
  inputRef,
  rest,
}: PlaceholderProps & { field: 'input' | 'textarea'; rest: object }) {
  const listId = useId();
  const state = usePlaceholderList({ value, onChange, lists, inputRef });
  const shared = { ...rest, value, ...comboboxProps(listId, state) };
  return (
    <Box pos="relative">
      {field === 'textarea' ? (
        <Textarea {...shared} ref={state.ref as React.RefObject<HTMLTextAreaElement>} />
      ) : (
        <TextInput {...shared} ref={state.ref as React.RefObject<HTMLInputElement>} />
      )}
      <PlaceholderList listId={listId} state={state} />
    </Box>
  );
}

/** A one-line text field where `@f @d @v @m` offer names to insert as `{{name}}`. */
export function PlaceholderInput({ value, onChange, lists, inputRef, ...rest }: InputProps) {
  return <PlaceholderField field="input" {...{ value, onChange, lists, inputRef, rest }} />;
}

/** A multi-line text field where `@f @d @v @m` offer names to insert as `{{name}}`. */
export function PlaceholderTextarea({ value, onChange, lists, inputRef, ...rest }: AreaProps) {
  return <PlaceholderField field="textarea" {...{ value, onChange, lists, inputRef, rest }} />;
}
