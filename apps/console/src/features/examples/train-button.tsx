import { Button, Loader } from '@mantine/core';
import { IconBrain } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useTraining } from './use-training.ts';

/** Train (spec §4): disabled while the server trains, showing "Training" with a spinner. */
export function TrainButton({ commandId }: { commandId: number }) {
  const { t } = useTranslation();
  const { isBusy, train } = useTraining(commandId, true);
  return (
    <Button
      variant="light"
      color="grape"
      disabled={isBusy}
      leftSection={isBusy ? <Loader size={14} color="grape" /> : <IconBrain size={16} />}
      onClick={train}
    >
      {isBusy ? t('examples.training') : t('examples.train')}
    </Button>
  );
}
