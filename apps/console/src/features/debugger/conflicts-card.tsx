import type { DebugResult } from '@hiwar/contracts';
import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CONFLICT_MARGIN, findConflicts } from './conflicts.ts';
import { EmptyNote, formatScore, ResultCard } from './result-card.tsx';
import { ScoreRow } from './score-row.tsx';

/** Commands scoring almost as well as the best one (AI recognition's ranking). */
export function ConflictsCard({ result }: { result: DebugResult }) {
  const { t } = useTranslation();
  const conflicts = findConflicts(result.similar_vectors.top_commands);
  return (
    <ResultCard testId="debug-conflicts" title={t('debugger.conflicts')}>
      <EmptyNote>{t('debugger.conflictsHint', { margin: formatScore(CONFLICT_MARGIN) })}</EmptyNote>
      {conflicts.length === 0 ? (
        <EmptyNote>{t('debugger.noConflicts')}</EmptyNote>
      ) : (
        <Stack gap={6}>
          {conflicts.map((command) => (
            <ScoreRow
              key={command.command_id}
              label={command.command_name || `#${command.command_id}`}
              score={command.score}
              dir="auto"
              color="orange"
            />
          ))}
        </Stack>
      )}
    </ResultCard>
  );
}
