import { type DebugResult, debugQuery, nluMessages } from '@hiwar/contracts';
import { Button, Group, Input, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { IconPlayerPlay } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localizeCatalogueMessage } from '../../lib/contract-messages.ts';
import { failureMessage } from '../../lib/form-errors.ts';
import { followOwnDirection } from '../../lib/own-direction.ts';
import { TestChatButton } from '../test-chat/index.ts';
import { ConflictsCard } from './conflicts-card.tsx';
import { useDebugRun } from './debugger-api.ts';
import { JsonTree } from './json-tree.tsx';
import { MatchedCard } from './matched-card.tsx';
import { RecognitionCard } from './recognition-card.tsx';
import { ResultCard } from './result-card.tsx';
import { SampleCard } from './sample-card.tsx';
import { useMessageHistory } from './use-message-history.ts';
import { VariablesCard } from './variables-card.tsx';

function ResultCards({ result }: { result: DebugResult }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <MatchedCard result={result} />
        <SampleCard sample={{ replies: result.replies }} />
        <RecognitionCard testId="debug-ai" title={t('debugger.ai')} similarity={result.similar_vectors} />
        <RecognitionCard testId="debug-nlp" title={t('debugger.nlp')} similarity={result.similar_commands} />
        <VariablesCard result={result} />
        <ConflictsCard result={result} />
      </SimpleGrid>
      <ResultCard testId="debug-json" title={t('debugger.json')}>
        <JsonTree value={result} />
      </ResultCard>
    </Stack>
  );
}

/** Spec §2 Debugger: run a message through the owner's bot and see how it was understood and answered. */
export function DebuggerPage() {
  const { t } = useTranslation();
  const input = useMessageHistory();
  const run = useDebugRun();
  const [error, setError] = useState<string | null>(null);
  // the last answer stays on screen while the next message runs; a failure replaces it
  const [result, setResult] = useState<DebugResult | null>(null);
  const inputId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = debugQuery.safeParse({ message: input.text });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? nluMessages.messageRequired;
      setError(localizeCatalogueMessage(t, nluMessages, 'debugger', message));
      return;
    }
    setError(null);
    input.remember(input.text);
    run.mutate(parsed.data.message, { onSuccess: setResult, onError: () => setResult(null) });
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Title order={2}>{t('debugger.title')}</Title>
          <Text c="dimmed" size="sm">
            {t('debugger.subtitle')}
          </Text>
        </div>
        <TestChatButton />
      </Group>
      <Paper withBorder radius="md" p="md">
        <form onSubmit={submit} noValidate>
          <Input.Label htmlFor={inputId}>{t('debugger.message')}</Input.Label>
          <Input.Description id={`${inputId}-hint`} mb={6}>
            {t('debugger.historyHint')}
          </Input.Description>
          <Group align="flex-start" gap="sm" wrap="nowrap">
            <TextInput
              flex={1}
              id={inputId}
              aria-describedby={`${inputId}-hint`}
              value={input.text}
              ref={followOwnDirection}
              error={error}
              autoComplete="off"
              data-testid="debug-input"
              onChange={(event) => input.type(event.currentTarget.value)}
              onKeyDown={input.onKeyDown}
            />
            <Button type="submit" loading={run.isPending} leftSection={<IconPlayerPlay size={16} />}>
              {t('debugger.run')}
            </Button>
          </Group>
        </form>
      </Paper>
      {run.isError && (
        <SampleCard sample={{ error: failureMessage(run.error, t, t('debugger.requestFailed')) }} />
      )}
      {result && <ResultCards result={result} />}
    </Stack>
  );
}
