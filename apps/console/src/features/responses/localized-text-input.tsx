import { type LocalizedTexts, MAX_RESPONSE_TEXT } from '@hiwar/contracts';
import { Badge, Stack, Textarea, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { TextVersions } from '../../components/text-versions.tsx';
import { PlaceholderInput, PlaceholderTextarea } from './builders/index.ts';
import type { PlaceholderLists } from './builders/placeholder-tokens.ts';
import { directionOf, useEditorLanguages } from './editor-languages.ts';

interface LocalizedTextInputProps {
  label: string;
  /** the text in the command's language (the plain field) */
  value: string;
  versions: LocalizedTexts | undefined;
  onChange(value: string, versions: LocalizedTexts | undefined): void;
  error?: ReactNode;
  isMultiline?: boolean;
  maxLength?: number;
  description?: string;
  /** when given, `@f @d @v @m` in the plain field insert `{{name}}` placeholders from these lists */
  lists?: PlaceholderLists;
}

/**
 * One text of the response in every language the bot speaks (issue #11 item 3): the command's language writes
 * the plain field, right to left when it is Arabic; the other languages, behind their toggle, the versions.
 */
export function LocalizedTextInput({
  label,
  value,
  versions,
  onChange,
  error,
  isMultiline = false,
  maxLength = MAX_RESPONSE_TEXT,
  description,
  lists,
}: LocalizedTextInputProps) {
  const [plainLanguage = 'ar'] = useEditorLanguages();
  const props = {
    label,
    description,
    value,
    error,
    maxLength,
    // on the input element itself (the theme's dir="auto" sits there too), and on its wrapper so the language
    // badge sits at the end of the text's own direction: an English text in the Arabic console would otherwise
    // start under the badge
    attributes: {
      input: { dir: directionOf(plainLanguage) },
      wrapper: { dir: directionOf(plainLanguage) },
    },
    lang: plainLanguage,
    rightSection: (
      <Badge size="xs" variant="light">
        {plainLanguage}
      </Badge>
    ),
    rightSectionWidth: 40,
  };
  const onText = (text: string) => onChange(text, versions);
  const onEvent = (event: { currentTarget: { value: string } }) => onText(event.currentTarget.value);
  const plainField = lists ? (
    isMultiline ? (
      <PlaceholderTextarea autosize minRows={2} {...props} lists={lists} onChange={onText} />
    ) : (
      <PlaceholderInput {...props} lists={lists} onChange={onText} />
    )
  ) : isMultiline ? (
    <Textarea autosize minRows={2} {...props} onChange={onEvent} />
  ) : (
    <TextInput {...props} onChange={onEvent} />
  );
  return (
    <Stack gap={2}>
      {plainField}
      <TextVersions
        label={label}
        plainLanguage={plainLanguage}
        value={versions}
        onChange={(next) => onChange(value, next)}
        multiline={isMultiline}
        maxLength={maxLength}
      />
    </Stack>
  );
}
