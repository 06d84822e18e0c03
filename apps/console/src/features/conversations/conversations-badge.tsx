import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormatNumber } from '../../lib/format-number.ts';
import { useWaitingCounts } from './inbox-api.ts';
import { useInboxStream } from './use-inbox-stream.ts';

/**
 * The sidebar's count beside "Conversations": messages waiting in the "not understood" inbox plus
 * conversations waiting for a person, kept current by the inbox stream (which this badge follows for the whole
 * signed-in frame). Red while someone waits for a person.
 */
export function ConversationsBadge() {
  const { t } = useTranslation();
  const format = useFormatNumber();
  useInboxStream();
  const counts = useWaitingCounts();
  const waiting = counts.data?.waiting ?? 0;
  const handoffs = counts.data?.handoffs ?? 0;
  if (waiting + handoffs === 0) return null;
  return (
    <Badge
      size="sm"
      variant="filled"
      color={handoffs > 0 ? 'red' : 'orange'}
      data-testid="conversations-badge"
      aria-label={t('conversations.badge', { waiting: format(waiting), handoffs: format(handoffs) })}
    >
      {format(waiting + handoffs)}
    </Badge>
  );
}
