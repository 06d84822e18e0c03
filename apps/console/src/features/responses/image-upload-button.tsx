import { Button, FileButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUpload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { failureMessage } from '../../lib/form-errors.ts';
import { IMAGE_ACCEPT, imageFileProblem } from '../datasets/index.ts';
import { uploadStaticCardImage } from './responses-api.ts';

/** Uploads a png or jpeg of at most 3 MB for the response's cards or media; hands back its address. */
export function ImageUploadButton({ label, onUploaded }: { label: string; onUploaded(url: string): void }) {
  const { t } = useTranslation();
  const upload = useMutation({
    mutationFn: uploadStaticCardImage,
    onSuccess: onUploaded,
    onError: (failure) =>
      notifications.show({ color: 'red', message: failureMessage(failure, t, t('responses.serverError')) }),
  });
  function pick(file: File | null) {
    if (!file) return;
    const problem = imageFileProblem(file);
    if (problem) notifications.show({ color: 'red', message: t(`messages.${problem}`) });
    else upload.mutate(file);
  }
  return (
    <FileButton onChange={pick} accept={IMAGE_ACCEPT}>
      {(props) => (
        <Button
          {...props}
          variant="default"
          size="xs"
          w="fit-content"
          leftSection={<IconUpload size={14} />}
          loading={upload.isPending}
          aria-label={label}
        >
          {t('responses.template.upload')}
        </Button>
      )}
    </FileButton>
  );
}
