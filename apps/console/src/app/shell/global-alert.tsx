import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { localizeMessage } from '../../lib/messages.ts';
import { clearRootError, useRootError } from '../../lib/root-error.ts';

/** The dismissible danger alert for the root error message (spec part 1 §2 Frame). */
export function GlobalAlert() {
  const { t } = useTranslation();
  const message = useRootError();
  if (!message) return null;
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      withCloseButton
      closeButtonLabel={t('common.dismiss')}
      onClose={clearRootError}
      role="alert"
      data-testid="global-alert"
      mb="md"
    >
      {localizeMessage(t, message)}
    </Alert>
  );
}
