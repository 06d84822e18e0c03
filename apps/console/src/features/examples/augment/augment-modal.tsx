import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  NumberInput,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconRefresh } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { followOwnDirection } from '../../../lib/own-direction.ts';
import { exampleDirection } from '../text-direction.ts';
import {
  type AugmentValues,
  augmentRequestOf,
  initialAugmentValues,
  validateAugmentValues,
} from './augment-form.ts';
import { useAugments } from './use-augments.ts';

interface AugmentModalProps {
  opened: boolean;
  onClose: () => void;
  commandId: number;
  /** the example being augmented */
  text: string;
  lang: string;
}

function Suggestions({ augments, dir }: { augments: ReturnType<typeof useAugments>; dir: 'rtl' | 'ltr' }) {
  const { t } = useTranslation();
  if (augments.isAsking) return <Loader size="sm" mx="auto" data-testid="augment-loading" />;
  if (augments.askError) return <Alert color="red">{augments.askError}</Alert>;
  if (augments.suggestions.length === 0) return <Text c="dimmed">{t('augment.noSuggestions')}</Text>;
  return (
    <Checkbox.Group value={augments.checked} onChange={augments.setChecked}>
      <Stack gap="xs" data-testid="augment-suggestions">
        {augments.suggestions.map((text) => (
          <Checkbox key={text} value={text} label={text} dir={dir} />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}

function AugmentForm({ commandId, text, lang, onClose }: Omit<AugmentModalProps, 'opened'>) {
  const { t } = useTranslation();
  const form = useForm<AugmentValues>({
    initialValues: initialAugmentValues(text),
    validate: (values) => validateAugmentValues(values, t),
  });
  const augments = useAugments({ commandId, lang });
  const dir = exampleDirection({ example_lang: lang, example_text: form.values.value });

  const refresh = () => {
    if (!form.validate().hasErrors) augments.ask(augmentRequestOf(form.values, commandId));
  };
  // The modal asks once as it opens; a ref keeps React's development double effects from asking twice.
  const hasAsked = useRef(false);
  useEffect(() => {
    if (hasAsked.current) return;
    hasAsked.current = true;
    refresh();
  });

  const hasChecked = augments.checked.length > 0;
  return (
    <Stack gap="md">
      <TextInput ref={followOwnDirection} label={t('augment.value')} {...form.getInputProps('value')} />
      <Group grow align="flex-start">
        <NumberInput
          label={t('augment.maxSamples')}
          min={1}
          max={20}
          allowDecimal={false}
          {...form.getInputProps('max_samples')}
        />
        <NumberInput
          label={t('augment.levMinRatio')}
          description={t('augment.levMinRatioHelp')}
          min={0}
          max={100}
          {...form.getInputProps('lev_min_ratio')}
        />
      </Group>
      <Checkbox
        label={t('augment.typos')}
        description={t('augment.typosHelp')}
        {...form.getInputProps('typos', { type: 'checkbox' })}
      />
      <Text size="sm" c="dimmed">
        {t('augment.hint')}
      </Text>
      <Suggestions augments={augments} dir={dir} />
      <Group justify="space-between">
        <Button variant="default" onClick={onClose}>
          {t('augment.close')}
        </Button>
        <Group gap="xs">
          <Button
            variant="light"
            leftSection={<IconRefresh size={16} />}
            loading={augments.isAsking}
            onClick={refresh}
          >
            {t('augment.refresh')}
          </Button>
          <Button
            variant="light"
            disabled={!hasChecked}
            loading={augments.isAdding}
            onClick={() => augments.addChecked()}
          >
            {t('augment.add')}
          </Button>
          <Button
            disabled={!hasChecked}
            loading={augments.isAdding}
            onClick={() => augments.addChecked(onClose)}
          >
            {t('augment.addAndClose')}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}

/** Spec §2 examples: the Augments modal — reworded versions of an example, the checked ones added as examples. */
export function AugmentModal({ opened, ...props }: AugmentModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={props.onClose} title={t('augment.title')} size="lg" centered>
      <AugmentForm {...props} />
    </Modal>
  );
}
