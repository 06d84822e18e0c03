import { Button } from '@mantine/core';
import { IconMessageChatbot } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type StartableCommand, TestChatPanel } from './test-chat-panel.tsx';

/** The "Test chat" button of the command pages and the debugger, with the panel it opens. */
export function TestChatButton({ command }: { command?: StartableCommand | undefined }) {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="light"
        leftSection={<IconMessageChatbot size={16} />}
        onClick={() => setOpen(true)}
        data-testid="test-chat-open"
      >
        {t('testChat.open')}
      </Button>
      <TestChatPanel opened={isOpen} onClose={() => setOpen(false)} command={command} />
    </>
  );
}
