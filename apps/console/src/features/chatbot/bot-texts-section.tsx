import {
  type BotLanguage,
  type BotTextGroup,
  type BotTextKey,
  botLanguages,
  botTextDefinitions,
  botTextGroups,
  botTextKeys,
} from '@hiwar/contracts';
import { Accordion, Badge, Group, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ChatbotForm, SettingsSection } from './form-parts.tsx';

const keysByGroup = (group: BotTextGroup) =>
  botTextKeys.filter((key) => botTextDefinitions[key].group === group);

/** How many of a group's texts the owner worded in `language`. */
function changedCount(form: ChatbotForm, keys: readonly BotTextKey[], language: BotLanguage): number {
  const texts = form.getValues().chatbot_texts ?? {};
  return keys.filter((key) => (texts[key]?.[language] ?? '').trim() !== '').length;
}

function BotTextField(props: { form: ChatbotForm; textKey: BotTextKey; language: BotLanguage }) {
  const { form, textKey, language } = props;
  const { t } = useTranslation();
  const path = `chatbot_texts.${textKey}.${language}`;
  const definition = botTextDefinitions[textKey];
  const placeholders = definition.placeholders.map((name) => `{${name}}`).join(' ');
  // isolated left to right, so an Arabic description keeps their order
  const names = placeholders === '' ? '' : `\u2066${placeholders}\u2069`;
  return (
    <Textarea
      label={t(`chatbot.texts.names.${textKey}`)}
      description={names === '' ? undefined : t('chatbot.texts.placeholders', { names })}
      placeholder={definition.defaults[language]}
      dir={language === 'ar' ? 'rtl' : 'ltr'}
      lang={language}
      autosize
      minRows={1}
      maxRows={4}
      value={form.getValues().chatbot_texts?.[textKey]?.[language] ?? ''}
      onChange={(event) => {
        // the whole record: a text or language not worded yet has no object to set a path in
        const texts = form.getValues().chatbot_texts ?? {};
        const versions = { ...texts[textKey], [language]: event.currentTarget.value };
        form.setFieldValue('chatbot_texts', { ...texts, [textKey]: versions });
        form.clearFieldError(path);
      }}
      error={form.getInputProps(path).error}
    />
  );
}

/**
 * Built-in messages (issue #31 item 2): the owner's wording of what Hiwar says itself, per language, each field
 * showing the default it replaces; empty keeps the default. Grouped as the runtime uses them, closed until opened.
 */
export function BotTextsSection({ form }: { form: ChatbotForm }) {
  const { t } = useTranslation();
  const [language, setLanguage] = useState<BotLanguage>('en');
  const [openGroups, setOpenGroups] = useState<string[]>([]);
  // a refused save shows the first refused text: its language, its group open
  const refused = Object.keys(form.errors).find((field) => field.startsWith('chatbot_texts.'));
  useEffect(() => {
    const [, key, refusedLanguage] = refused?.split('.') ?? [];
    if (!key || !(key in botTextDefinitions)) return;
    const group = botTextDefinitions[key as BotTextKey].group;
    if (botLanguages.includes(refusedLanguage as BotLanguage)) setLanguage(refusedLanguage as BotLanguage);
    setOpenGroups((open) => (open.includes(group) ? open : [...open, group]));
  }, [refused]);
  return (
    <SettingsSection id="texts" title={t('chatbot.texts.title')} hint={t('chatbot.texts.hint')}>
      <Stack gap={4}>
        <Text size="sm" fw={500} id="chatbot-texts-language">
          {t('chatbot.texts.language')}
        </Text>
        <SegmentedControl
          aria-labelledby="chatbot-texts-language"
          value={language}
          onChange={(value) => setLanguage(value as BotLanguage)}
          data={botLanguages.map((code) => ({ value: code, label: t(`chatbot.parser.${code}`) }))}
          style={{ alignSelf: 'flex-start' }}
        />
      </Stack>
      <Accordion variant="separated" multiple value={openGroups} onChange={setOpenGroups}>
        {botTextGroups.map((group) => {
          const keys = keysByGroup(group);
          const changed = changedCount(form, keys, language);
          return (
            <Accordion.Item key={group} value={group}>
              <Accordion.Control>
                <Group gap="xs">
                  <Text fw={500}>{t(`chatbot.texts.groups.${group}`)}</Text>
                  {changed > 0 && (
                    <Badge variant="light" size="sm">
                      {t('chatbot.texts.changed', { count: changed })}
                    </Badge>
                  )}
                </Group>
              </Accordion.Control>
              <Accordion.Panel>
                <Stack gap="sm">
                  {keys.map((key) => (
                    <BotTextField key={`${key}-${language}`} form={form} textKey={key} language={language} />
                  ))}
                </Stack>
              </Accordion.Panel>
            </Accordion.Item>
          );
        })}
      </Accordion>
    </SettingsSection>
  );
}
