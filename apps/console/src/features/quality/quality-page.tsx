import type { QualityReportView } from '@hiwar/contracts';
import {
  Alert,
  Anchor,
  Badge,
  Card,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime, useFormatNumber } from '../../lib/format-number.ts';
import { examplesPathOf, useQuality } from './quality-api.ts';

type Ref = QualityReportView['commands'][number];

/** A share as a percentage: 0.874 → 87%. */
function usePercent() {
  const format = useFormatNumber();
  return (value: number) => format(value, { style: 'percent', maximumFractionDigits: 0 });
}

/** Red below 60%, yellow below 80%, green from there: how far a figure is from fine. */
function colorOf(value: number): string {
  if (value < 0.6) return 'red';
  if (value < 0.8) return 'yellow';
  return 'green';
}

function CommandLink({ command }: { command: Pick<Ref, 'service_id' | 'command_id' | 'command_name'> }) {
  return (
    <Anchor component={Link} to={examplesPathOf(command)} size="sm">
      <bdi>{command.command_name}</bdi>
    </Anchor>
  );
}

/** A card of the report: its title, a line on what it shows and what to do, then its rows. */
function ReportSection({ title, hint, children }: { title: string; hint: string; children: ReactNode }) {
  return (
    <Card shadow="xs" component="section" aria-label={title}>
      <Title order={3} fz="h5" mb={4}>
        {title}
      </Title>
      <Text size="xs" c="dimmed" mb="sm">
        {hint}
      </Text>
      {children}
    </Card>
  );
}

function Figure({
  label,
  value,
  hint,
  testId,
}: {
  label: string;
  value: string;
  hint: string;
  testId: string;
}) {
  return (
    <Paper withBorder p="sm" radius="md" data-testid={testId}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="xl">
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {hint}
      </Text>
    </Paper>
  );
}

function Summary({ report }: { report: QualityReportView }) {
  const { t } = useTranslation();
  const percent = usePercent();
  const format = useFormatNumber();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
      <Figure
        testId="quality-accuracy"
        label={t('quality.accuracy')}
        value={percent(report.accuracy)}
        hint={t('quality.accuracyHint', { examples: format(report.examples), folds: report.folds })}
      />
      <Figure
        testId="quality-f1"
        label={t('quality.macroF1')}
        value={percent(report.macro_f1)}
        hint={t('quality.macroF1Hint')}
      />
      <Figure
        testId="quality-out-of-scope"
        label={t('quality.outOfScope')}
        value={report.out_of_scope_caught === null ? '—' : percent(report.out_of_scope_caught)}
        hint={report.out_of_scope_caught === null ? t('quality.outOfScopeNone') : t('quality.outOfScopeHint')}
      />
      <Figure
        testId="quality-few"
        label={t('quality.fewExamples')}
        value={format(report.few_examples.length)}
        hint={t('quality.fewExamplesHint')}
      />
    </SimpleGrid>
  );
}

/** Every command, the weakest first: how often it is right when it answers, and how many of its messages it gets. */
function CommandsTable({ report }: { report: QualityReportView }) {
  const { t } = useTranslation();
  const percent = usePercent();
  const format = useFormatNumber();
  const rows = [...report.commands].sort(
    (a, b) => a.f1 - b.f1 || a.command_name.localeCompare(b.command_name),
  );
  return (
    <ReportSection title={t('quality.commands')} hint={t('quality.commandsHint')}>
      <Table.ScrollContainer minWidth={560}>
        <Table striped data-testid="quality-commands">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('quality.command')}</Table.Th>
              <Table.Th>{t('quality.examples')}</Table.Th>
              <Table.Th>{t('quality.precision')}</Table.Th>
              <Table.Th>{t('quality.recall')}</Table.Th>
              <Table.Th>F1</Table.Th>
              <Table.Th>{t('quality.notUnderstood')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((command) => (
              <Table.Tr key={command.command_id} data-testid={`quality-command-${command.command_id}`}>
                <Table.Td>
                  <CommandLink command={command} />
                </Table.Td>
                <Table.Td>{format(command.examples)}</Table.Td>
                <Table.Td>{percent(command.precision)}</Table.Td>
                <Table.Td>{percent(command.recall)}</Table.Td>
                <Table.Td>
                  <Badge color={colorOf(command.f1)} variant="light">
                    {percent(command.f1)}
                  </Badge>
                </Table.Td>
                <Table.Td>{format(command.rejected)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </ReportSection>
  );
}

function Confusions({ report }: { report: QualityReportView }) {
  const { t } = useTranslation();
  const format = useFormatNumber();
  return (
    <ReportSection title={t('quality.confused')} hint={t('quality.confusedHint')}>
      {report.confusions.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('quality.noConfusion')}
        </Text>
      ) : (
        <Stack gap="sm" data-testid="quality-confusions">
          {report.confusions.map((pair) => (
            <Stack key={`${pair.expected.command_id}-${pair.predicted.command_id}`} gap={2}>
              <Group gap={6}>
                <CommandLink command={pair.expected} />
                <Text size="sm" c="dimmed">
                  {t('quality.readAs')}
                </Text>
                <CommandLink command={pair.predicted} />
                <Badge size="sm" variant="light" color="orange">
                  {t('quality.times', { count: format(pair.count) })}
                </Badge>
              </Group>
              {pair.examples.map((example) => (
                <Text key={example.text} size="sm" dir="auto" c="dimmed" ps="md">
                  “{example.text}”
                </Text>
              ))}
            </Stack>
          ))}
        </Stack>
      )}
    </ReportSection>
  );
}

function Lookalikes({ report }: { report: QualityReportView }) {
  const { t } = useTranslation();
  const percent = usePercent();
  if (report.lookalikes.length === 0) return null;
  return (
    <ReportSection title={t('quality.lookalikes')} hint={t('quality.lookalikesHint')}>
      <Stack gap={6} data-testid="quality-lookalikes">
        {report.lookalikes.map((lookalike) => (
          <Group key={`${lookalike.command.command_id}-${lookalike.text}`} gap={6} wrap="wrap">
            <Text size="sm" dir="auto">
              “{lookalike.text}”
            </Text>
            <Text size="xs" c="dimmed">
              {t('quality.inCommand')}
            </Text>
            <CommandLink command={lookalike.command} />
            <Text size="xs" c="dimmed">
              {t('quality.readAs')}
            </Text>
            <CommandLink command={lookalike.predicted} />
            <Text size="xs" c="dimmed">
              ({percent(lookalike.score)})
            </Text>
          </Group>
        ))}
      </Stack>
    </ReportSection>
  );
}

function FewExamples({ report }: { report: QualityReportView }) {
  const { t } = useTranslation();
  const format = useFormatNumber();
  if (report.few_examples.length === 0) return null;
  return (
    <ReportSection title={t('quality.fewExamples')} hint={t('quality.fewExamplesAdvice')}>
      <Stack gap={4} data-testid="quality-few-examples">
        {report.few_examples.map((command) => (
          <Group key={command.command_id} gap={6}>
            <CommandLink command={command} />
            <Text size="sm" c="dimmed">
              {t('quality.exampleCount', { count: format(command.examples) })}
            </Text>
          </Group>
        ))}
      </Stack>
    </ReportSection>
  );
}

function Report({ report }: { report: QualityReportView }) {
  const { t, i18n } = useTranslation();
  return (
    <Stack gap="md" data-testid={`quality-report-${report.lang}`}>
      <Text size="sm" c="dimmed">
        {t('quality.measuredAt', { at: formatDateTime(report.created_at, i18n.language) })}
      </Text>
      {report.is_stale && (
        <Alert color="yellow" icon={<IconAlertTriangle size={18} />} data-testid="quality-stale">
          {t('quality.stale')}
        </Alert>
      )}
      {report.folds === 0 ? (
        <Alert color="blue" icon={<IconInfoCircle size={18} />}>
          {t('quality.tooSmall')}
        </Alert>
      ) : (
        <>
          <Summary report={report} />
          <CommandsTable report={report} />
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
            <Confusions report={report} />
            <Lookalikes report={report} />
          </SimpleGrid>
        </>
      )}
      <FewExamples report={report} />
    </Stack>
  );
}

/**
 * /quality (issue #24 item 4): how well the bot understands messages like its own examples, measured after each
 * training by cross-validation — overall and per command, the commands it confuses and the examples that cause
 * it, examples that read like another command's, commands with too few examples, and the share of messages about
 * other topics it would reject. Every command links to its examples.
 */
export function QualityPage() {
  const { t } = useTranslation();
  const quality = useQuality();
  const reports = quality.data?.data ?? [];
  const [chosen, setChosen] = useState<string | null>(null);
  const report = reports.find((each) => each.lang === chosen) ?? reports[0];
  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>{t('quality.title')}</Title>
        <Text size="sm" c="dimmed">
          {t('quality.subtitle')}
        </Text>
      </div>
      {quality.data?.is_running && (
        <Group gap="xs" data-testid="quality-running">
          <Loader size="xs" />
          <Text size="sm">{t('quality.running')}</Text>
        </Group>
      )}
      {quality.isSuccess && reports.length === 0 && (
        <Card shadow="xs">
          <Text c="dimmed" size="sm" ta="center" data-testid="quality-empty">
            {t('quality.empty')}
          </Text>
        </Card>
      )}
      {reports.length > 1 && (
        <SegmentedControl
          w="fit-content"
          value={report?.lang ?? ''}
          onChange={setChosen}
          data={reports.map((each) => ({
            value: each.lang,
            label: t(`common.languages.${each.lang}`, { defaultValue: each.lang }),
          }))}
        />
      )}
      {report && <Report report={report} />}
    </Stack>
  );
}
