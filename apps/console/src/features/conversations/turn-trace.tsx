import type { StepTraceView } from '@hiwar/contracts';
import { Button, Table } from '@mantine/core';
import { IconListDetails } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFormatNumber } from '../../lib/format-number.ts';

/** The button that unfolds a turn's trace, beside the turn's time and command. */
export function TraceToggle({ isOpen, onToggle }: { isOpen: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  return (
    <Button
      variant="subtle"
      size="compact-xs"
      color="gray"
      leftSection={<IconListDetails size={14} />}
      onClick={onToggle}
      aria-expanded={isOpen}
    >
      {isOpen ? t('conversations.turn.hideTrace') : t('conversations.turn.showTrace')}
    </Button>
  );
}

/** The runtime's steps for one turn: what each decided and how long it took. */
export function TraceTable({ trace }: { trace: StepTraceView[] }) {
  const { t } = useTranslation();
  const format = useFormatNumber();
  return (
    <Table withRowBorders={false} verticalSpacing={2} fz="xs" maw={720} data-testid="trace-table">
      <Table.Tbody>
        {trace.map((step, index) => (
          // a step may run twice in one turn (slot filling), so its place tells the rows apart
          // biome-ignore lint/suspicious/noArrayIndexKey: the trace is fixed once written
          <Table.Tr key={index}>
            <Table.Td ff="monospace" dir="ltr" ta="start" w={140}>
              {step.step}
            </Table.Td>
            <Table.Td dir="auto" ta="start">
              {step.note}
            </Table.Td>
            <Table.Td c="dimmed" w={70} style={{ whiteSpace: 'nowrap' }}>
              {t('conversations.turn.ms', { ms: format(step.ms, { maximumFractionDigits: 1 }) })}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
