import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { TFunction } from 'i18next';

interface ConfirmDeleteOptions {
  t: TFunction;
  /** the name shown in the question */
  name: string;
  onConfirm: () => void;
}

/** The spec's delete confirmation: "Do you really need to delete {name} ?" with Delete and Cancel. */
export function confirmDelete({ t, name, onConfirm }: ConfirmDeleteOptions) {
  modals.openConfirmModal({
    title: t('services.confirmDelete.title'),
    children: <Text size="sm">{t('services.confirmDelete.question', { name })}</Text>,
    labels: { confirm: t('services.confirmDelete.confirm'), cancel: t('common.cancel') },
    confirmProps: { color: 'red', 'data-testid': 'confirm-delete' },
    centered: true,
    onConfirm,
  });
}
