import type { Similarity } from '@hiwar/contracts';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EmptyNote, ResultCard } from './result-card.tsx';
import { ScoreRow } from './score-row.tsx';

interface RecognitionCardProps {
  testId: string;
  title: string;
  similarity: Similarity;
}

/** One parser's view of the message: its best commands and the examples closest to it. */
export function RecognitionCard({ testId, title, similarity }: RecognitionCardProps) {
  const { t } = useTranslation();
  const { top_commands: commands, top_examples: examples } = similarity;
  return (
    <ResultCard testId={testId} title={title}>
      <Text size="xs" fw={700} c="dimmed" tt="uppercase">
        {t('debugger.topCommands')}
      </Text>
      {commands.length === 0 ? (
        <EmptyNote>{t('debugger.none')}</EmptyNote>
      ) : (
        <Stack gap={6}>
          {commands.map((command) => (
            <ScoreRow
              key={command.command_id}
              label={command.command_name || `#${command.command_id}`}
              score={command.score}
              dir="auto"
            />
          ))}
        </Stack>
      )}
      <Text size="xs" fw={700} c="dimmed" tt="uppercase">
        {t('debugger.topExamples')}
      </Text>
      {examples.length === 0 ? (
        <EmptyNote>{t('debugger.none')}</EmptyNote>
      ) : (
        <Stack gap={6}>
          {examples.map((example) => (
            <ScoreRow
              key={example.example_id}
              label={example.text}
              score={example.score}
              dir="auto"
              color="teal"
            />
          ))}
        </Stack>
      )}
    </ResultCard>
  );
}
