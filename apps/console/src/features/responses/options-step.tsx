import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiOptions } from './api-options.tsx';
import { ComponentOptions, DatasetQueryBuilder, SqlEditor } from './builders/index.ts';
import { CartOptions } from './cart-options.tsx';
import { stepPropsOf, useEditorOutlet } from './editor-context.ts';
import { ExtraOptionsEditor } from './extra-options-editor.tsx';
import { hasOptions } from './response-steps.ts';
import { SaveStepButton } from './step-actions.tsx';
import type { StepProps } from './step-props.ts';

/** The menu's extra options: rows of label and value shown with the menu. */
export function MenuOptions({ record, onChange, errors }: StepProps) {
  const { t } = useTranslation();
  return (
    <ExtraOptionsEditor
      legend={t('responses.options.menuOptions')}
      options={record.resp_menu_extra_options}
      onChange={(options) => onChange({ resp_menu_extra_options: options })}
      error={errors.resp_menu_extra_options}
    />
  );
}

function OptionsOfType(props: StepProps) {
  const { t } = useTranslation();
  switch (props.record.resp_type) {
    case 'api':
      return <ApiOptions {...props} />;
    case 'ds':
      return <DatasetQueryBuilder {...props} />;
    case 'data_source':
      return <SqlEditor {...props} />;
    case 'component':
      return <ComponentOptions {...props} />;
    case 'menu':
      return <MenuOptions {...props} />;
    case 'shopping_cart':
      return <CartOptions {...props} />;
    default:
      return (
        <Text size="sm" c="dimmed" data-testid="no-options">
          {t('responses.options.none')}
        </Text>
      );
  }
}

/** The options step (spec part 2 §2): the stored type's editor; Save stores the record and opens the template. */
export function OptionsStep() {
  const { t } = useTranslation();
  const outlet = useEditorOutlet();
  const props = stepPropsOf(outlet);
  if (!props) return null;
  const type = props.record.resp_type;
  return (
    <Stack gap="md">
      <Title order={3} fz="md">
        {t('responses.options.title', { type: t(`responses.types.${type}`) })}
      </Title>
      <OptionsOfType {...props} />
      <SaveStepButton
        outlet={outlet}
        next="template"
        label={hasOptions(type) ? undefined : t('responses.next')}
      />
    </Stack>
  );
}
