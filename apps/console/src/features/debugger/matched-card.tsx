import type { DebugResult } from '@hiwar/contracts';
import { Badge, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EmptyNote, formatScore, ResultCard } from './result-card.tsx';

/** The command the message starts, with its cosine against the owner's threshold. */
export function MatchedCard({ result }: { result: DebugResult }) {
  const { t } = useTranslation();
  const matched = result.matched_command;
  const isInScope = matched !== null && matched.cosine >= result.cosine_threshold;
  const badge = (
    <Badge color={isInScope ? 'green' : 'red'} variant="light" tt="none" data-testid="debug-scope">
      {isInScope ? t('debugger.inScope') : t('debugger.outOfScope')}
    </Badge>
  );
  return (
    <ResultCard testId="debug-matched" title={t('debugger.matched')} aside={badge}>
      {matched === null ? (
        <EmptyNote>{t('debugger.noMatch', { threshold: formatScore(result.cosine_threshold) })}</EmptyNote>
      ) : (
        <Table withRowBorders={false} verticalSpacing={4}>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w="40%">{t('debugger.command')}</Table.Th>
              <Table.Td>
                <bdi>{matched.command_name}</bdi>
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('debugger.service')}</Table.Th>
              <Table.Td>
                <bdi>{matched.service_name}</bdi>
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('debugger.score')}</Table.Th>
              <Table.Td ff="monospace">{formatScore(matched.score)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('debugger.cosine')}</Table.Th>
              <Table.Td data-testid="debug-cosine">
                {t('debugger.cosineAgainst', {
                  cosine: formatScore(matched.cosine),
                  threshold: formatScore(result.cosine_threshold),
                })}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      )}
    </ResultCard>
  );
}
