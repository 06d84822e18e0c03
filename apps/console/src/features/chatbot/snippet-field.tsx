import { ActionIcon, CopyButton, Textarea, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A read-only generated text (snippet or address) with a copy button. */
export function SnippetField({
  label,
  value,
  description,
}: {
  label: string;
  value: string;
  description?: string;
}) {
  const { t } = useTranslation();
  return (
    <Textarea
      label={label}
      description={description}
      value={value}
      readOnly
      autosize
      minRows={1}
      styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }}
      dir="ltr"
      rightSection={
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? t('chatbot.messenger.copied') : t('chatbot.messenger.copy')} withArrow>
              <ActionIcon
                variant="subtle"
                color={copied ? 'teal' : 'gray'}
                onClick={copy}
                aria-label={t('chatbot.messenger.copyNamed', { name: label })}
              >
                {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      }
    />
  );
}
