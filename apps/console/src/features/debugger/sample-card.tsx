import { Alert, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ReplyView } from '../../components/reply-view.tsx';
import { EmptyNote, ResultCard } from './result-card.tsx';

/** What the bot would answer; after a failed request (spec §8) the error takes the replies' place. */
export type SampleOutput = { replies: readonly unknown[] } | { error: string };

export function SampleCard({ sample }: { sample: SampleOutput }) {
  const { t } = useTranslation();
  return (
    <ResultCard testId="debug-sample" title={t('debugger.sample')}>
      {'error' in sample ? (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} data-testid="debug-error">
          {sample.error}
        </Alert>
      ) : sample.replies.length === 0 ? (
        <EmptyNote>{t('debugger.noReplies')}</EmptyNote>
      ) : (
        <Stack gap="xs" align="flex-start">
          {sample.replies.map((reply, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a reply list never reorders
            <ReplyView key={index} reply={reply} />
          ))}
        </Stack>
      )}
    </ResultCard>
  );
}
