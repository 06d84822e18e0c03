import type { DebugResult } from '@hiwar/contracts';
import { Badge, Group, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EmptyNote, ResultCard } from './result-card.tsx';

interface EntityView {
  type: string;
  start: number;
  text: string;
  value: string;
}

/** A value as one line of text: strings as they are, anything else as JSON. */
export function displayValue(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The entities the server found (`{type, text, value}` each); anything else is skipped. */
function entityViews(entities: readonly unknown[]): EntityView[] {
  return entities.flatMap((entity) => {
    if (typeof entity !== 'object' || entity === null) return [];
    const { type, text, value, start } = entity as Record<string, unknown>;
    if (typeof type !== 'string') return [];
    return [
      {
        type,
        start: typeof start === 'number' ? start : -1,
        text: displayValue(text ?? ''),
        value: displayValue(value ?? ''),
      },
    ];
  });
}

/** The matched command's variables found in the message (name → value) and the entities recognised. */
export function VariablesCard({ result }: { result: DebugResult }) {
  const { t } = useTranslation();
  const variables = Object.entries(result.command_variables);
  const entities = entityViews(result.entities);
  return (
    <ResultCard testId="debug-variables" title={t('debugger.variables')}>
      {variables.length === 0 ? (
        <EmptyNote>{t('debugger.noVariables')}</EmptyNote>
      ) : (
        <Table striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('debugger.variableName')}</Table.Th>
              <Table.Th>{t('debugger.variableValue')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {variables.map(([name, value]) => (
              <Table.Tr key={name}>
                <Table.Td>
                  <bdi>{name}</bdi>
                </Table.Td>
                <Table.Td>
                  <bdi>{displayValue(value)}</bdi>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Text size="xs" fw={700} c="dimmed" tt="uppercase">
        {t('debugger.entities')}
      </Text>
      {entities.length === 0 ? (
        <EmptyNote>{t('debugger.none')}</EmptyNote>
      ) : (
        <Group gap={6}>
          {entities.map((entity) => (
            <Badge
              key={`${entity.type}-${entity.start}-${entity.text}`}
              variant="light"
              color="cyan"
              tt="none"
            >
              <bdi>{entity.type}</bdi>: <bdi>{entity.text}</bdi>
              {entity.value !== entity.text && (
                <>
                  {' → '}
                  <bdi>{entity.value}</bdi>
                </>
              )}
            </Badge>
          ))}
        </Group>
      )}
    </ResultCard>
  );
}
