import { ActionIcon, Button, Fieldset, Group, Stack, Text } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface ListEditor<Item, Problem> {
  /** the row the form edits; -1 adds (spec part 2 §4: add and edit modes) */
  editing: number;
  draft: Item;
  setDraft(draft: Item): void;
  problem: Problem | null;
  commit(): void;
  edit(index: number): void;
  reset(): void;
}

interface ListRules<Item, Problem> {
  items: Item[];
  onChange(items: Item[]): void;
  empty(): Item;
  /** what keeps the draft out of the list (at `index`; -1 when added) */
  problemOf(draft: Item, index: number): Problem | null;
  /** the draft as the list stores it (trimmed) */
  clean(draft: Item): Item;
}

/** A list edited through one form: add (index -1) or edit a row, checked before it joins the list. */
export function useListEditor<Item, Problem>(rules: ListRules<Item, Problem>): ListEditor<Item, Problem> {
  const [editing, setEditing] = useState(-1);
  const [draft, setDraft] = useState<Item>(rules.empty);
  const [problem, setProblem] = useState<Problem | null>(null);
  const reset = () => {
    setEditing(-1);
    setDraft(rules.empty());
    setProblem(null);
  };
  return {
    editing,
    draft,
    setDraft,
    problem,
    reset,
    edit(index) {
      const item = rules.items[index];
      if (item === undefined) return;
      setEditing(index);
      setDraft(item);
      setProblem(null);
    },
    commit() {
      const found = rules.problemOf(draft, editing);
      setProblem(found);
      if (found !== null) return;
      const item = rules.clean(draft);
      const { items } = rules;
      rules.onChange(
        editing === -1 ? [...items, item] : items.map((old, at) => (at === editing ? item : old)),
      );
      reset();
    },
  };
}

interface EditableListProps<Item> {
  legend: string;
  items: Item[];
  onChange(items: Item[]): void;
  editor: ListEditor<Item, unknown>;
  /** the row's text, its key and the names of its buttons */
  describe(item: Item): string;
  labels: { edit(item: Item): string; remove(item: Item): string; add: string; update: string };
  rowTestId: string;
  error?: string;
  /** the form's fields */
  children: ReactNode;
}

/** The list's rows (each with Edit and Remove) above the form that adds or updates one. */
export function EditableList<Item>({
  legend,
  items,
  onChange,
  editor,
  describe,
  labels,
  rowTestId,
  error,
  children,
}: EditableListProps<Item>) {
  const { t } = useTranslation();
  return (
    <Fieldset legend={legend}>
      <Stack gap="xs">
        {error && (
          <Text size="sm" c="red">
            {error}
          </Text>
        )}
        {items.map((item, index) => (
          <Group key={describe(item)} gap="xs" data-testid={rowTestId}>
            <Text size="sm" style={{ flex: 1 }} dir="auto">
              {describe(item)}
            </Text>
            <ActionIcon variant="subtle" aria-label={labels.edit(item)} onClick={() => editor.edit(index)}>
              <IconPencil size={16} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={labels.remove(item)}
              onClick={() => onChange(items.filter((_, at) => at !== index))}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
        {children}
        <Group gap="xs">
          <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={editor.commit}>
            {editor.editing === -1 ? labels.add : labels.update}
          </Button>
          {editor.editing !== -1 && (
            <Button size="xs" variant="subtle" onClick={editor.reset}>
              {t('common.cancel')}
            </Button>
          )}
        </Group>
      </Stack>
    </Fieldset>
  );
}
