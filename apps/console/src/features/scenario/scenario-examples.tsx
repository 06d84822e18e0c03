import { type CommandLang, type ExampleRecord, exampleMessages } from '@hiwar/contracts';
import { ActionIcon, Badge, Button, Group, Switch, Table, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NoDataRow } from '../../components/no-data-row.tsx';
import { exampleDirection, hasArabicScript, saveOnEnter, useExamples } from '../examples/index.ts';
import { useScenarioExamples } from './use-scenario-examples.ts';

interface ScenarioExamplesProps {
  commandId: number;
}

/**
 * Arabic script is an Arabic example; for anything else the server reads English or German off the text among
 * the owner's languages, else takes the command's language.
 */
export function newExampleLang(text: string): CommandLang | null {
  return hasArabicScript(text) ? 'ar' : null;
}

function ExampleRow({
  example,
  actions,
}: {
  example: ExampleRecord;
  actions: ReturnType<typeof useScenarioExamples>;
}) {
  const { t } = useTranslation();
  return (
    <Table.Tr data-testid="scenario-example-row">
      <Table.Td>
        <Text size="sm" dir={exampleDirection(example)} ta="start">
          {example.example_text}
        </Text>
      </Table.Td>
      <Table.Td w={50}>
        <Badge size="xs" variant="light" color="gray" data-testid="scenario-example-lang">
          {example.example_lang.toUpperCase()}
        </Badge>
      </Table.Td>
      <Table.Td w={60}>
        <Switch
          size="sm"
          aria-label={t('scenario.exampleStatus', { text: example.example_text })}
          checked={example.example_status === 1}
          onChange={(event) => actions.setStatus(example._id, event.currentTarget.checked ? 1 : 0)}
        />
      </Table.Td>
      <Table.Td w={40}>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={t('scenario.removeExample', { text: example.example_text })}
          onClick={() => actions.remove(example._id)}
        >
          <IconTrash size={16} />
        </ActionIcon>
      </Table.Td>
    </Table.Tr>
  );
}

/** The command's examples: typed and added inline (Enter adds), switched on and off, removed. */
export function ScenarioExamples({ commandId }: ScenarioExamplesProps) {
  const { t } = useTranslation();
  const examples = useExamples(commandId);
  const actions = useScenarioExamples(commandId);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  const add = () => {
    const trimmed = text.trim();
    if (trimmed === '') {
      setError(actions.localize(exampleMessages.textRequired));
      return;
    }
    setError(null);
    actions.add(trimmed, newExampleLang(trimmed), () => setText(''));
  };
  const list = examples.data ?? [];
  return (
    <section aria-label={t('scenario.examples')} data-testid="scenario-examples">
      <Title order={4} fz="sm" mb={4}>
        {t('scenario.examples')}
      </Title>
      <Group align="flex-start" gap="xs" mb="xs">
        <TextInput
          aria-label={t('scenario.newExample')}
          placeholder={t('scenario.newExamplePlaceholder')}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={saveOnEnter(add)}
          error={error}
          dir={hasArabicScript(text) ? 'rtl' : undefined}
          style={{ flex: 1 }}
        />
        <Button variant="light" leftSection={<IconPlus size={14} />} onClick={add} loading={actions.isAdding}>
          {t('scenario.addExample')}
        </Button>
      </Group>
      <Table verticalSpacing={6}>
        <Table.Tbody>
          {list.length === 0 && <NoDataRow columns={4} />}
          {list.map((example) => (
            <ExampleRow key={example._id} example={example} actions={actions} />
          ))}
        </Table.Tbody>
      </Table>
    </section>
  );
}
