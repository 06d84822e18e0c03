import { ADVERTISE_RATIO_MAX, ADVERTISE_RATIO_MIN, ADVERTISE_RATIO_STEP } from '@hiwar/contracts';
import { Badge, Button, Card, Group, Slider, Stack, Switch, Text, Textarea } from '@mantine/core';
import { IconDeviceFloppy, IconPencil, IconTrash, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AdvertiseDraft } from './advertise-drafts.ts';

export interface AdvertiseCardProps {
  draft: AdvertiseDraft;
  /** the message under the code editor, already translated */
  error?: string | null;
  isBusy?: boolean;
  onChange(edits: Partial<Pick<AdvertiseDraft, 'code' | 'status' | 'random' | 'ratio'>>): void;
  onEdit(): void;
  onSave(): void;
  onDelete(): void;
  onCancel(): void;
}

/** Tall enough for the code, within 3 to 14 lines. */
function rowsFor(code: string): number {
  return Math.min(14, Math.max(3, code.split('\n').length + 1));
}

const ratioMarks = [ADVERTISE_RATIO_MIN, 50, ADVERTISE_RATIO_MAX].map((value) => ({
  value,
  label: `${value}%`,
}));

/**
 * One ad (spec part 2 §2 Advertises editor): status and random-show switches, the random ratio, the code, and
 * Save with Delete (saved ads) or Cancel (unsaved ones). A saved ad is read-only until Edit.
 */
export function AdvertiseCard({ draft, error, isBusy = false, ...actions }: AdvertiseCardProps) {
  const { t } = useTranslation();
  const isReadOnly = draft.mode === 'view';
  const isSaved = draft.id !== null;
  const flag = (checked: boolean): 0 | 1 => (checked ? 1 : 0);

  return (
    <Card withBorder padding="md" data-testid="advertise-card" aria-busy={isBusy}>
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Group gap="lg" wrap="wrap">
            <Switch
              label={t('advertises.status')}
              checked={draft.status === 1}
              disabled={isReadOnly}
              onChange={(event) => actions.onChange({ status: flag(event.currentTarget.checked) })}
            />
            <Switch
              label={t('advertises.random')}
              checked={draft.random === 1}
              disabled={isReadOnly}
              onChange={(event) => actions.onChange({ random: flag(event.currentTarget.checked) })}
            />
          </Group>
          <Group gap="xs">
            <Badge variant="dot" color={draft.status === 1 ? 'teal' : 'gray'}>
              {draft.status === 1 ? t('advertises.active') : t('advertises.inactive')}
            </Badge>
            <Badge variant="light" color={isSaved ? 'blue' : 'gray'}>
              {isSaved ? t('advertises.savedBadge', { id: draft.id }) : t('advertises.unsavedBadge')}
            </Badge>
          </Group>
        </Group>
        <Stack gap={4} pb="md">
          <Text size="sm" fw={500} id={`${draft.key}-ratio`}>
            {t('advertises.ratio', { ratio: draft.ratio })}
          </Text>
          <Slider
            aria-labelledby={`${draft.key}-ratio`}
            min={ADVERTISE_RATIO_MIN}
            max={ADVERTISE_RATIO_MAX}
            step={ADVERTISE_RATIO_STEP}
            marks={ratioMarks}
            label={(value) => `${value}%`}
            value={draft.ratio}
            disabled={isReadOnly || draft.random === 0}
            onChange={(ratio) => actions.onChange({ ratio })}
          />
        </Stack>
        <Textarea
          label={t('advertises.code')}
          value={draft.code}
          readOnly={isReadOnly}
          error={error}
          rows={rowsFor(draft.code)}
          resize="vertical"
          dir="ltr"
          spellCheck={false}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
          onChange={(event) => actions.onChange({ code: event.currentTarget.value })}
        />
        <Group justify="flex-end" gap="xs">
          {isReadOnly ? (
            <Button variant="default" leftSection={<IconPencil size={16} />} onClick={actions.onEdit}>
              {t('advertises.edit')}
            </Button>
          ) : (
            <Button leftSection={<IconDeviceFloppy size={16} />} loading={isBusy} onClick={actions.onSave}>
              {t('advertises.save')}
            </Button>
          )}
          {isSaved ? (
            <Button
              color="red"
              variant="light"
              leftSection={<IconTrash size={16} />}
              disabled={isBusy}
              onClick={actions.onDelete}
            >
              {t('advertises.delete')}
            </Button>
          ) : (
            <Button
              variant="subtle"
              color="gray"
              leftSection={<IconX size={16} />}
              onClick={actions.onCancel}
            >
              {t('advertises.cancel')}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
