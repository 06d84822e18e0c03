import { type VariableRecord, variableTypes } from '@hiwar/contracts';
import {
  Button,
  Divider,
  Group,
  NumberInput,
  Select,
  Stack,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SectionedForm } from '../../lib/sectioned-form.tsx';
import { useInvalidFieldReveal } from '../../lib/use-invalid-field-reveal.ts';
import { CloneVariablePicker } from './clone-variable-picker.tsx';
import { FallbackFields } from './fallback-fields.tsx';
import { DefaultValueFields, PreferenceFields } from './preference-fields.tsx';
import { TypeFields } from './type-fields.tsx';
import { useVariableSave } from './use-variable-save.ts';
import {
  clonedValuesOf,
  newVariableValues,
  type VariableFormValues,
  variableValuesOf,
} from './variable-form-values.ts';

interface VariableFormProps {
  variableId: number;
  commandId: number;
  /** the stored variable; absent when creating */
  record?: VariableRecord;
  onSaved: (id: number) => void;
}

/** The whole variable record of spec §3, with the fields of the chosen type. */
export function VariableForm({ variableId, commandId, record, onSaved }: VariableFormProps) {
  const { t } = useTranslation();
  const form = useForm<VariableFormValues>({
    initialValues: record ? variableValuesOf(record) : newVariableValues(),
  });
  const { formRef, revealFirstInvalidField } = useInvalidFieldReveal();
  const { submit, isSaving } = useVariableSave(form, {
    variableId,
    commandId,
    onSaved,
    // the messages already show as toasts: only bring the first field into view
    onInvalid: () => revealFirstInvalidField({ isAnnounced: false }),
  });
  const cloneFrom = (other: VariableRecord) => {
    form.setValues(clonedValuesOf(other));
    form.clearErrors();
  };

  return (
    <SectionedForm ref={formRef} onSubmit={form.onSubmit(submit)} data-testid="variable-form">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end">
          <Title order={3}>
            {variableId > 0 ? t('variables.form.editTitle') : t('variables.form.newTitle')}
          </Title>
          <CloneVariablePicker currentVariableId={variableId} onPicked={cloneFrom} />
        </Group>
        <Group grow align="flex-start">
          <TextInput
            label={t('variables.form.name')}
            withAsterisk
            dir="ltr"
            {...form.getInputProps('var_name')}
          />
          <Select
            label={t('variables.form.type')}
            data={variableTypes.map((value) => ({ value, label: t(`variables.types.${value}`) }))}
            allowDeselect={false}
            {...form.getInputProps('var_type')}
          />
        </Group>
        <TypeFields form={form} />
        <Divider />
        <Textarea
          label={t('variables.form.prompt')}
          autosize
          minRows={2}
          {...form.getInputProps('var_prompt')}
        />
        <NumberInput
          label={t('variables.form.order')}
          allowDecimal={false}
          w={200}
          {...form.getInputProps('var_order')}
        />
        <PreferenceFields form={form} />
        <DefaultValueFields form={form} />
        <Divider label={t('variables.form.fallback')} labelPosition="left" />
        <FallbackFields form={form} />
        <NumberInput
          label={t('variables.form.maxTries')}
          description={t('variables.form.maxTriesHint')}
          allowDecimal={false}
          min={1}
          max={10}
          w={320}
          {...form.getInputProps('var_max_tries')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={isSaving} leftSection={<IconDeviceFloppy size={18} />}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </SectionedForm>
  );
}
