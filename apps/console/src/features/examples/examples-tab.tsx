import { Button, Group, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProfile } from '../../lib/profile.ts';
import { useVariableNames } from '../variables/index.ts';
import { draftOf, type ExampleDraft, newDraft } from './example-draft.ts';
import { ExampleRow } from './example-row.tsx';
import { useExamples } from './examples-api.ts';
import { ModelStateNote } from './model-state.tsx';
import { TrainButton } from './train-button.tsx';

interface ExamplesTabProps {
  serviceId: number;
  commandId: number;
  /** the command's language, given to new examples */
  lang: string;
}

interface NewExample {
  key: string;
  draft: ExampleDraft;
}

/** Spec §2 examples tab: New Example, Train (bert engines only) and the examples, each edited in place. */
export function ExamplesTab({ commandId, lang }: ExamplesTabProps) {
  const { t } = useTranslation();
  const examples = useExamples(commandId);
  const variables = useVariableNames(commandId);
  const profile = useProfile();
  const [newExamples, setNewExamples] = useState<NewExample[]>([]);
  const nextKey = useRef(0);

  const addExample = () => {
    nextKey.current += 1;
    setNewExamples((list) => [{ key: `new-${nextKey.current}`, draft: newDraft(lang) }, ...list]);
  };
  const dropNew = (key: string) => setNewExamples((list) => list.filter((item) => item.key !== key));
  const stored = examples.data ?? [];
  const variableList = variables.data ?? [];

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {t('examples.hint')}
        </Text>
        <Group gap="md">
          <ModelStateNote />
          {profile.data?.engine_type === 'bert' && <TrainButton commandId={commandId} />}
          <Button leftSection={<IconPlus size={16} />} onClick={addExample}>
            {t('examples.new')}
          </Button>
        </Group>
      </Group>
      <Stack gap="sm" data-testid="examples-list">
        {newExamples.length === 0 && stored.length === 0 && !examples.isPending && (
          <Text c="dimmed" ta="center" size="sm">
            {t('examples.noData')}
          </Text>
        )}
        {newExamples.map(({ key, draft }) => (
          <ExampleRow
            key={key}
            commandId={commandId}
            commandLang={lang}
            example={draft}
            variables={variableList}
            onDiscarded={() => dropNew(key)}
            onCreated={() => dropNew(key)}
          />
        ))}
        {stored.map((record) => (
          <ExampleRow
            key={`${record._id}:${record.updated_at}`}
            commandId={commandId}
            commandLang={lang}
            example={draftOf(record)}
            variables={variableList}
          />
        ))}
      </Stack>
    </Stack>
  );
}
