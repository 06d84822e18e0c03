import { type BotLanguage, botLanguages, type LocalizedTexts } from '@hiwar/contracts';
import { Button, Collapse, Stack, Textarea, TextInput } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface TextVersionsProps {
  /** the label of the plain field these versions belong to */
  label: string;
  /** the language the plain field is written in; its version is not asked for again */
  plainLanguage: BotLanguage | null;
  value: LocalizedTexts | undefined;
  onChange: (versions: LocalizedTexts | undefined) => void;
  multiline?: boolean;
  maxLength?: number;
}

function withVersion(versions: LocalizedTexts | undefined, language: BotLanguage, text: string) {
  const next: LocalizedTexts = { ...versions, [language]: text };
  if (text.trim() === '') delete next[language];
  return Object.keys(next).length > 0 ? next : undefined;
}

/**
 * A text's versions in the bot's other languages (issue #11 item 3), under its plain field: a toggle that says
 * how many are written, then one field per language — Arabic right to left. The runtime answers the version in
 * the sender's language, else the plain text.
 */
export function TextVersions({
  label,
  plainLanguage,
  value,
  onChange,
  multiline,
  maxLength,
}: TextVersionsProps) {
  const { t } = useTranslation();
  const languages = botLanguages.filter((language) => language !== plainLanguage);
  const written = languages.filter((language) => (value?.[language] ?? '').trim() !== '').length;
  const [isOpen, setOpen] = useState(written > 0);
  return (
    <Stack gap={4}>
      <Button
        variant="subtle"
        size="compact-sm"
        leftSection={<IconLanguage size={16} />}
        onClick={() => setOpen((open) => !open)}
        aria-expanded={isOpen}
        w="fit-content"
      >
        {written > 0
          ? t('common.textVersions.toggleWritten', { count: written })
          : t('common.textVersions.toggle')}
      </Button>
      <Collapse expanded={isOpen}>
        <Stack gap="xs" ps="md">
          {languages.map((language) => {
            const props = {
              label: t('common.textVersions.label', { label, language: t(`common.languages.${language}`) }),
              // on the input itself (the theme's dir="auto" sits there; Mantine's dir prop lands on the wrapper)
              attributes: { input: { dir: language === 'ar' ? 'rtl' : 'ltr', lang: language } },
              value: value?.[language] ?? '',
              maxLength,
              onChange: (event: { currentTarget: { value: string } }) =>
                onChange(withVersion(value, language, event.currentTarget.value)),
            };
            return multiline ? (
              <Textarea key={language} autosize minRows={2} {...props} />
            ) : (
              <TextInput key={language} {...props} />
            );
          })}
        </Stack>
      </Collapse>
    </Stack>
  );
}
