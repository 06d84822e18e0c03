import { Button } from '@mantine/core';
import { IconWand } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AugmentModal } from './augment-modal.tsx';

interface AugmentButtonProps {
  commandId: number;
  /** the example's text and language */
  text: string;
  lang: string;
}

/** The per-example Augment button (spec §2 examples); it opens the Augments modal for that example. */
export function AugmentButton({ commandId, text, lang }: AugmentButtonProps) {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Button
        size="xs"
        variant="subtle"
        color="grape"
        leftSection={<IconWand size={14} />}
        disabled={text.trim() === ''}
        onClick={() => setOpen(true)}
      >
        {t('augment.button')}
      </Button>
      <AugmentModal
        opened={isOpen}
        onClose={() => setOpen(false)}
        commandId={commandId}
        text={text}
        lang={lang}
      />
    </>
  );
}
