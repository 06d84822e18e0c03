import type { ConversationRow } from '@hiwar/contracts';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A conversation handed over to a person: waiting for an answer (red) or being answered (blue). */
export function HandoffBadge({ state }: { state: ConversationRow['handoff'] }) {
  const { t } = useTranslation();
  if (state === null) return null;
  return (
    <Badge color={state === 'waiting' ? 'red' : 'blue'} variant="light" tt="none" data-testid="handoff-state">
      {t(`conversations.handoff.states.${state}`)}
    </Badge>
  );
}
