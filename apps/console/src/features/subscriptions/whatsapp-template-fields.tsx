import { type WhatsappTemplateParam, whatsappTemplateParams } from '@hiwar/contracts';
import { Fieldset, Group, MultiSelect, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';

/** The About form's WhatsApp template fields: all empty is no template. */
export interface TemplateValues {
  template_name: string;
  template_language: string;
  template_params: WhatsappTemplateParam[];
}

/** The contract's paths of the template's fields and the form's names for them. */
const FIELD_OF: Record<string, keyof TemplateValues> = {
  'whatsapp_template.name': 'template_name',
  'whatsapp_template.language': 'template_language',
  'whatsapp_template.params': 'template_params',
};

/** A field error of the template (`whatsapp_template.params.0`) under the form's field that shows it. */
export function templateFieldOf(path: string): string {
  const entry = Object.entries(FIELD_OF).find(([prefix]) => path === prefix || path.startsWith(`${prefix}.`));
  return entry ? entry[1] : path;
}

/** The request's `whatsapp_template`: null when the owner left the name and the language empty. */
export function templateOf(values: TemplateValues) {
  const name = values.template_name.trim();
  const language = values.template_language.trim();
  if (name === '' && language === '') return null;
  return { name, language, params: values.template_params };
}

/**
 * WhatsApp after 24 hours (issue #25 item 6): the approved template a notification goes as to a WhatsApp
 * subscriber who has not written for a day — its name and language as in WhatsApp Manager, and what fills its
 * body parameters.
 */
export function WhatsappTemplateFields<Values extends TemplateValues>({
  form,
}: {
  form: UseFormReturnType<Values>;
}) {
  const { t } = useTranslation();
  const data = whatsappTemplateParams.map((param) => ({
    value: param,
    label: t(`subscriptions.template.param.${param}`),
  }));
  return (
    <Fieldset legend={t('subscriptions.template.title')} data-testid="whatsapp-template">
      <Text size="sm" c="dimmed" mb="sm">
        {t('subscriptions.template.intro')}
      </Text>
      <Group align="flex-start" grow>
        <TextInput
          label={t('subscriptions.template.name')}
          description={t('subscriptions.template.nameHint')}
          placeholder="weekly_offer"
          dir="ltr"
          {...form.getInputProps('template_name')}
        />
        <TextInput
          label={t('subscriptions.template.language')}
          description={t('subscriptions.template.languageHint')}
          placeholder="en_US"
          dir="ltr"
          maw={220}
          {...form.getInputProps('template_language')}
        />
      </Group>
      <MultiSelect
        mt="sm"
        label={t('subscriptions.template.params')}
        description={t('subscriptions.template.paramsHint')}
        placeholder={t('subscriptions.template.paramsPlaceholder')}
        data={data}
        clearable
        {...form.getInputProps('template_params')}
      />
    </Fieldset>
  );
}
