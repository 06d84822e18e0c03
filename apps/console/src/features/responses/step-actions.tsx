import type { ResponseBody } from '@hiwar/contracts';
import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { EditorOutlet } from './editor-context.ts';

interface SaveStepButtonProps {
  outlet: EditorOutlet;
  /** the step to open once saved (relative to `result/`); none stays */
  next?: string;
  /** changes to save with the record (those a step keeps to itself until saved) */
  patch?: () => Partial<ResponseBody> | null;
  label?: string;
}

/** A step's Save: stores the whole record, then moves to the next step of the spec's flow. */
export function SaveStepButton({ outlet, next, patch, label }: SaveStepButtonProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  async function saveAndGo() {
    const changes = patch ? patch() : {};
    if (changes === null) return;
    if ((await outlet.editor.save(changes)) && next) navigate(`${outlet.basePath}/${next}`);
  }
  return (
    <Group>
      <Button
        onClick={() => void saveAndGo()}
        loading={outlet.editor.isSaving}
        disabled={!outlet.editor.record}
      >
        {label ?? t('common.save')}
      </Button>
    </Group>
  );
}
