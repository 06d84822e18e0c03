import type { VariableListItem } from '@hiwar/contracts';
import { exampleMessages } from '@hiwar/contracts';
import { Badge, Button, CloseButton, Group, Paper, Stack, Switch, Textarea } from '@mantine/core';
import { IconDeviceFloppy, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AugmentButton } from './augment/augment-button.tsx';
import { type ExampleDraft, isSameDraft, withLang, withText } from './example-draft.ts';
import { ExampleLanguage } from './example-language.tsx';
import { tagExample, untagExample } from './example-tagging.ts';
import { ExampleText } from './example-text.tsx';
import { saveOnEnter } from './save-on-enter.ts';
import { TagMenu } from './tag-menu.tsx';
import { exampleDirection } from './text-direction.ts';
import { useExampleRow } from './use-example-row.ts';

interface ExampleRowProps {
  commandId: number;
  /** the command's language: a new example's until its text says otherwise */
  commandLang: string;
  example: ExampleDraft;
  variables: VariableListItem[];
  /** a new example left the list unsaved (only new examples have it) */
  onDiscarded?: () => void;
  /** a new example was stored and now lists as a stored one */
  onCreated?: () => void;
}

/** One example, edited in place: text, tags, status; Save (or Enter in the text) stores it, Remove deletes it. */
export function ExampleRow({
  commandId,
  commandLang,
  example,
  variables,
  onDiscarded,
  onCreated,
}: ExampleRowProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(example);
  const [isEditing, setEditing] = useState(example.id === null);
  const [selectedText, setSelectedText] = useState('');
  const [textError, setTextError] = useState<string | null>(null);
  const row = useExampleRow(commandId, { onDiscarded, onCreated });
  const dir = exampleDirection({ example_lang: draft.lang, example_text: draft.text });
  const nameOf = (variableId: number) =>
    variables.find((variable) => variable.var_id === variableId)?.var_name ?? `#${variableId}`;

  const update = (change: Partial<ExampleDraft>) => setDraft((current) => ({ ...current, ...change }));
  const tag = (variableId: number) => {
    update({ tags: tagExample(draft.tags, selectedText, variableId) });
    setSelectedText('');
  };
  const changeStatus = (isOn: boolean) => {
    update({ status: isOn ? 1 : 0 });
    row.storeStatus(draft, isOn ? 1 : 0);
  };
  const save = () => {
    if (draft.text.trim() === '') {
      setTextError(row.localize(exampleMessages.textRequired));
      setEditing(true);
      return;
    }
    setTextError(null);
    row.save(draft, () => setEditing(false));
  };
  const isUnsaved = draft.id === null || !isSameDraft(draft, example);

  return (
    <Paper withBorder radius="md" p="sm" data-testid="example-row" data-unsaved={isUnsaved || undefined}>
      <Stack gap="xs">
        {isEditing ? (
          <Textarea
            label={t('examples.text')}
            value={draft.text}
            dir={dir}
            autosize
            minRows={1}
            error={textError}
            onChange={(event) => {
              const text = event.currentTarget.value;
              setDraft((current) => withText(current, text, commandLang));
            }}
            onKeyDown={saveOnEnter(save)}
            onSelect={(event) => {
              const { value, selectionStart, selectionEnd } = event.currentTarget;
              setSelectedText(value.slice(selectionStart, selectionEnd).trim());
            }}
          />
        ) : (
          <ExampleText
            text={draft.text}
            tags={draft.tags}
            dir={dir}
            variableName={nameOf}
            placeholder={t('examples.emptyText')}
            onSelectText={setSelectedText}
          />
        )}
        {draft.tags.length > 0 && (
          <Group gap={6}>
            {draft.tags.map((tagged) => (
              <Badge
                key={tagged.type}
                variant="light"
                color="indigo"
                tt="none"
                rightSection={
                  <CloseButton
                    size="xs"
                    aria-label={t('examples.untag', { name: nameOf(tagged.type) })}
                    onClick={() => update({ tags: untagExample(draft.tags, tagged.type) })}
                  />
                }
              >
                {nameOf(tagged.type)}: {tagged.tag}
              </Badge>
            ))}
          </Group>
        )}
        <Group justify="space-between" gap="xs">
          <Group gap="sm">
            <ExampleLanguage
              lang={draft.lang}
              onChange={(lang) => setDraft((current) => withLang(current, lang))}
            />
            <Switch
              size="sm"
              label={t('examples.active')}
              checked={draft.status === 1}
              onChange={(event) => changeStatus(event.currentTarget.checked)}
            />
            <TagMenu variables={variables} selectedText={selectedText} onTag={tag} />
            <AugmentButton commandId={commandId} text={draft.text} lang={draft.lang} />
          </Group>
          <Group gap="xs">
            {isUnsaved && (
              <Badge color="yellow" variant="light" tt="none">
                {t('examples.unsaved')}
              </Badge>
            )}
            <Button
              size="xs"
              variant="subtle"
              leftSection={<IconPencil size={14} />}
              onClick={() => setEditing(!isEditing)}
            >
              {isEditing ? t('examples.done') : t('examples.edit')}
            </Button>
            <Button
              size="xs"
              variant={isUnsaved ? 'filled' : 'light'}
              leftSection={<IconDeviceFloppy size={14} />}
              loading={row.isSaving}
              onClick={save}
            >
              {t('common.save')}
            </Button>
            <Button
              size="xs"
              variant="light"
              color="red"
              leftSection={<IconTrash size={14} />}
              loading={row.isRemoving}
              onClick={() => row.remove(draft)}
            >
              {t('examples.remove')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}
