import { Button, Center, FileInput, Group, Image, Modal, Stack, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AVATAR_MAX_MEGABYTES, avatarFileProblem } from './avatar-file.ts';

/** Lets browser tests reach the hidden file input behind Mantine's button. */
const hiddenFileInputProps: Record<string, string> = { 'data-testid': 'avatar-file-input' };

interface AvatarModalProps {
  opened: boolean;
  onClose: () => void;
  onChoose: (file: File) => void;
}

/** Picks a JPEG or PNG, checks its type and size here (the server checks again) and previews it. */
export function AvatarModal({ opened, onClose, onChoose }: AvatarModalProps) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);

  useEffect(() => {
    if (!file) return;
    const url = URL.createObjectURL(file);
    setPreviewUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  function pick(picked: File | null) {
    setPreviewUrl(null);
    const found = picked ? avatarFileProblem(picked) : null;
    setProblem(found ? t(`messages.${found}`) : null);
    setFile(found ? null : picked);
  }

  function choose() {
    if (!file) return;
    onChoose(file);
    onClose();
  }

  return (
    <Modal opened={opened} onClose={onClose} title={t('settings.avatar.title')} centered>
      <Stack>
        <FileInput
          label={t('settings.avatar.file')}
          description={t('settings.avatar.hint', { mb: AVATAR_MAX_MEGABYTES })}
          placeholder={t('settings.avatar.placeholder')}
          accept="image/jpeg,image/png"
          leftSection={<IconPhoto size={16} />}
          clearable
          onChange={pick}
          error={problem}
          data-testid="avatar-file"
          fileInputProps={hiddenFileInputProps}
        />
        {previewUrl && (
          <Stack gap={4} align="center">
            <Text size="sm" c="dimmed">
              {t('settings.avatar.preview')}
            </Text>
            <Center>
              <Image
                src={previewUrl}
                alt={t('settings.avatar.preview')}
                w={160}
                h={160}
                radius="50%"
                fit="cover"
              />
            </Center>
          </Stack>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={choose} disabled={!file} data-testid="avatar-use">
            {t('settings.avatar.use')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
