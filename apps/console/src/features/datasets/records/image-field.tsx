import { Button, FileButton, Group, Image, Input, Stack, TextInput } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureMessage } from '../../../lib/form-errors.ts';
import { IMAGE_ACCEPT, IMAGE_MAX_MEGABYTES, imageFileProblem } from './image-file.ts';
import { THUMBNAIL_SIZE } from './record-cell.tsx';
import { isImageAddress } from './record-drafts.ts';
import { uploadDatasetImage } from './records-api.ts';

interface ImageFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  disabled?: boolean;
}

/**
 * An image cell's editor (spec part 2 §5 "Image by link or upload, png or jpeg"): a pasted http(s) link, or a
 * png or jpeg of at most 3 MB uploaded to the server, whose address then fills the link. A 50×50 preview.
 */
export function ImageField({ label, value, onChange, error, disabled }: ImageFieldProps) {
  const { t } = useTranslation();
  const [uploadError, setUploadError] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: uploadDatasetImage,
    onSuccess: (url) => onChange(url),
    onError: (failure) => setUploadError(failureMessage(failure, t, t('messages.serverError'))),
  });

  function pick(file: File | null) {
    if (!file) return;
    const problem = imageFileProblem(file);
    setUploadError(problem ? t(`messages.${problem}`) : null);
    if (!problem) upload.mutate(file);
  }

  const link = value.trim();
  return (
    <Input.Wrapper
      label={label}
      error={uploadError ?? error}
      description={t('datasets.records.image.hint', { mb: IMAGE_MAX_MEGABYTES })}
    >
      <Group align="flex-start" wrap="nowrap" mt={4}>
        {link !== '' && isImageAddress(link) && (
          <Image src={link} alt={label} w={THUMBNAIL_SIZE} h={THUMBNAIL_SIZE} fit="cover" radius="sm" />
        )}
        <Stack gap={6} style={{ flex: 1 }}>
          <TextInput
            aria-label={t('datasets.records.image.link', { field: label })}
            placeholder="https://"
            dir="ltr"
            value={value}
            disabled={disabled}
            error={Boolean(uploadError ?? error)}
            onChange={(event) => onChange(event.currentTarget.value)}
          />
          <FileButton onChange={pick} accept={IMAGE_ACCEPT} disabled={disabled}>
            {(props) => (
              <Button
                {...props}
                variant="default"
                size="xs"
                leftSection={<IconUpload size={14} />}
                loading={upload.isPending}
                aria-label={t('datasets.records.image.upload', { field: label })}
                w="fit-content"
              >
                {t('datasets.records.image.uploadButton')}
              </Button>
            )}
          </FileButton>
        </Stack>
      </Group>
    </Input.Wrapper>
  );
}
