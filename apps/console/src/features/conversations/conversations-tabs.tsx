import { Badge, Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useFormatNumber } from '../../lib/format-number.ts';
import { useWaitingCounts } from './inbox-api.ts';

type ConversationsTab = 'all' | 'not-understood';

const PATHS: Record<ConversationsTab, string> = {
  all: '/conversations',
  'not-understood': '/conversations/not-understood',
};

/** The two views of the bot's conversations: every sender, and the messages it did not understand. */
export function ConversationsTabs({ active }: { active: ConversationsTab }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const format = useFormatNumber();
  const waiting = useWaitingCounts().data?.waiting ?? 0;
  return (
    <Tabs value={active} onChange={(tab) => tab && navigate(PATHS[tab as ConversationsTab])}>
      <Tabs.List>
        <Tabs.Tab value="all">{t('conversations.tabs.all')}</Tabs.Tab>
        <Tabs.Tab
          value="not-understood"
          rightSection={
            waiting > 0 ? (
              <Badge size="sm" color="orange" variant="light" data-testid="not-understood-count">
                {format(waiting)}
              </Badge>
            ) : undefined
          }
        >
          {t('conversations.tabs.notUnderstood')}
        </Tabs.Tab>
      </Tabs.List>
    </Tabs>
  );
}
