import { parserKinds, parserLanguages } from '@hiwar/contracts';
import { SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type ChatbotForm, SettingsSection } from './form-parts.tsx';

/** Parser: per language, the default (similarity) or the embedding model. */
export function ParserSection({ form }: { form: ChatbotForm }) {
  const { t } = useTranslation();
  return (
    <SettingsSection id="parser" title={t('chatbot.parser.title')} hint={t('chatbot.parser.hint')}>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {parserLanguages.map((language) => {
          const labelId = `chatbot-parser-${language}`;
          return (
            <Stack gap={4} key={language}>
              <Text size="sm" fw={500} id={labelId}>
                {t(`chatbot.parser.${language}`)}
              </Text>
              <SegmentedControl
                aria-labelledby={labelId}
                data={parserKinds.map((kind) => ({ value: kind, label: t(`chatbot.parser.kinds.${kind}`) }))}
                {...form.getInputProps(`chatbot_parser.${language}`)}
              />
            </Stack>
          );
        })}
      </SimpleGrid>
    </SettingsSection>
  );
}
