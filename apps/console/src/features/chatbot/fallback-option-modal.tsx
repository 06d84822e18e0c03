import { type BotLanguage, type FallbackOption, fallbackOptionRequest } from '@hiwar/contracts';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { TextVersions } from '../../components/text-versions.tsx';
import { schemaValidator } from '../../lib/form-errors.ts';
import { localizeChatbotErrors } from './chatbot-messages.ts';

interface FallbackOptionModalProps {
  opened: boolean;
  mode: 'new' | 'edit';
  initial: FallbackOption;
  /** the language the plain label is written in (the messenger's default language) */
  plainLanguage: BotLanguage;
  onSave: (option: FallbackOption) => void;
  onClose: () => void;
}

/** Adds or edits one fallback option; label and value are both required. */
export function FallbackOptionModal(props: FallbackOptionModalProps) {
  const { t } = useTranslation();
  const validate = schemaValidator<FallbackOption>(fallbackOptionRequest, t);
  const form = useForm<FallbackOption>({
    initialValues: props.initial,
    validate: (values) => localizeChatbotErrors(validate(values), t),
  });
  const { opened, initial } = props;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the modal opens on an option
  useEffect(() => {
    if (opened) form.setValues(initial);
  }, [opened, initial.label, initial.val, initial.label_langs]);

  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.mode === 'new' ? t('chatbot.options.newTitle') : t('chatbot.options.editTitle')}
    >
      {/* The modal renders inside the chatbot form: keep its submit from also submitting (saving) the chatbot. */}
      <form
        onSubmit={(event) => {
          event.stopPropagation();
          form.onSubmit((values) => props.onSave(values))(event);
        }}
        noValidate
      >
        <Stack>
          <TextInput
            label={t('chatbot.options.label')}
            withAsterisk
            data-autofocus
            {...form.getInputProps('label')}
          />
          <TextVersions
            label={t('chatbot.options.label')}
            plainLanguage={props.plainLanguage}
            value={form.getValues().label_langs}
            onChange={(versions) => form.setFieldValue('label_langs', versions)}
          />
          <TextInput label={t('chatbot.options.value')} withAsterisk {...form.getInputProps('val')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit">{t('chatbot.options.save')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
