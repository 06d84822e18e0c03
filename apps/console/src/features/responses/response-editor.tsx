import { Button, Group, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useParams } from 'react-router';
import { useCommand } from '../../lib/commands-api.ts';
import { parseCommandId } from '../../lib/route-ids.ts';
import type { EditorOutlet } from './editor-context.ts';
import { EditorLanguagesContext, languagesOf } from './editor-languages.ts';
import { responseSteps, stepOfPath } from './response-steps.ts';
import { useResponseRecord } from './use-response-record.ts';

/** The steps as links, in the spec's order, so every screen of the editor can be found. */
function StepBar({ basePath }: { basePath: string }) {
  const { t } = useTranslation();
  const active = stepOfPath(useLocation().pathname);
  return (
    <Group component="nav" aria-label={t('responses.steps.label')} gap={4} wrap="wrap">
      {responseSteps.map((step, index) => (
        <Button
          key={step}
          component={Link}
          to={`${basePath}/${step}`}
          size="xs"
          variant={step === active ? 'filled' : 'subtle'}
          aria-current={step === active ? 'step' : undefined}
        >
          {`${index + 1}. ${t(`responses.steps.${step}`)}`}
        </Button>
      ))}
    </Group>
  );
}

/**
 * The command response editor's frame (spec part 2 §2): the step bar, the record shared by every step (loaded
 * once, edits kept while moving between steps), and the bot's languages for the texts.
 */
export function ResponseEditor() {
  const params = useParams();
  const serviceId = Number(params.serviceId);
  const commandId = parseCommandId(params.commandId);
  const command = useCommand(commandId);
  const editor = useResponseRecord(commandId);
  const basePath = `/services/${serviceId}/commands/${commandId}/result`;
  const outlet: EditorOutlet = { editor, serviceId, commandId, basePath };
  return (
    <Stack gap="md" data-testid="response-editor">
      <StepBar basePath={basePath} />
      {editor.isLoading ? (
        <Skeleton h={200} radius="md" />
      ) : (
        <EditorLanguagesContext.Provider value={languagesOf(command.data?.command_lang)}>
          <Outlet context={outlet} />
        </EditorLanguagesContext.Provider>
      )}
    </Stack>
  );
}
