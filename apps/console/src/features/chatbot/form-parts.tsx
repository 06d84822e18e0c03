import { Card, Stack, Switch, Text, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import { formSection } from '../../lib/invalid-field.ts';
import type { ChatbotValues } from './chatbot-values.ts';

export type ChatbotForm = UseFormReturnType<ChatbotValues>;

/** One titled section of the settings page; the heading names the section for assistive technology and tests. */
export function SettingsSection(props: { id: string; title: string; hint?: string; children: ReactNode }) {
  const headingId = `chatbot-section-${props.id}`;
  return (
    <Card
      component="section"
      aria-labelledby={headingId}
      shadow="xs"
      withBorder
      {...formSection(props.title)}
    >
      <Stack gap="sm">
        <div>
          <Title order={3} fz="h4" id={headingId}>
            {props.title}
          </Title>
          {props.hint && (
            <Text size="sm" c="dimmed">
              {props.hint}
            </Text>
          )}
        </div>
        {props.children}
      </Stack>
    </Card>
  );
}

/** A 0/1 status field shown as a switch. */
export function FlagSwitch(props: { form: ChatbotForm; path: string; label: string }) {
  const { form, path, label } = props;
  const input = form.getInputProps(path);
  return (
    <Switch
      label={label}
      checked={input.value === 1}
      onChange={(event) => form.setFieldValue(path, event.currentTarget.checked ? 1 : 0)}
      error={input.error}
    />
  );
}

/** The value at a dotted form path, for reading nested values the section needs. */
export function valueAt<T>(form: ChatbotForm, path: string): T {
  return form.getInputProps(path).value as T;
}
