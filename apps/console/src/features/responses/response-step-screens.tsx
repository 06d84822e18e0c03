import type { ResponseType } from '@hiwar/contracts';
import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { ApiExtraResponse } from './api-options.tsx';
import { ResponseActionsStep, UserDataStep } from './builders/index.ts';
import { stepPropsOf, useEditorOutlet } from './editor-context.ts';
import { LocalizedTextInput } from './localized-text-input.tsx';
import { MenuOptions } from './options-step.tsx';
import { SaveStepButton } from './step-actions.tsx';
import type { StepProps } from './step-props.ts';

function ExtraOptionsOfType(props: StepProps & { type: ResponseType }) {
  const { t } = useTranslation();
  if (props.type === 'api') return <ApiExtraResponse {...props} />;
  if (props.type === 'menu') return <MenuOptions {...props} />;
  return (
    <Text size="sm" c="dimmed">
      {t('responses.extraOptions.none')}
    </Text>
  );
}

/** The extra options step: what the answer offers after it (an api's extra response, a menu's options). */
export function ExtraOptionsStep() {
  const { t } = useTranslation();
  const outlet = useEditorOutlet();
  const props = stepPropsOf(outlet);
  if (!props) return null;
  return (
    <Stack gap="md">
      <Title order={3} fz="md">
        {t('responses.steps.extra-options')}
      </Title>
      <ExtraOptionsOfType {...props} type={props.record.resp_type} />
      <SaveStepButton outlet={outlet} next="fallback" />
    </Stack>
  );
}

/** The fallback step: what the bot says when the response cannot answer; nothing loaded sends back to type. */
export function FallbackStep() {
  const { t } = useTranslation();
  const outlet = useEditorOutlet();
  const props = stepPropsOf(outlet);
  if (!props || !outlet.editor.isStored) return <Navigate to={`${outlet.basePath}/type`} replace />;
  const { record, onChange, errors } = props;
  return (
    <Stack gap="md">
      <Title order={3} fz="md">
        {t('responses.steps.fallback')}
      </Title>
      <LocalizedTextInput
        label={t('responses.fallback.label')}
        value={record.resp_fallback_msg}
        versions={record.resp_fallback_msg_langs}
        onChange={(message, versions) =>
          onChange({ resp_fallback_msg: message, resp_fallback_msg_langs: versions })
        }
        error={errors.resp_fallback_msg}
        isMultiline
      />
      <SaveStepButton outlet={outlet} />
    </Stack>
  );
}

/** The user data step (built in ./builders): Save goes to the fallback. */
export function UserDataScreen() {
  const outlet = useEditorOutlet();
  const props = stepPropsOf(outlet);
  if (!props) return null;
  return (
    <Stack gap="md">
      <UserDataStep {...props} />
      <SaveStepButton outlet={outlet} next="fallback" />
    </Stack>
  );
}

/** The response actions step (built in ./builders): Save stays. */
export function ResponseActionsScreen() {
  const outlet = useEditorOutlet();
  const props = stepPropsOf(outlet);
  if (!props) return null;
  return (
    <Stack gap="md">
      <ResponseActionsStep {...props} />
      <SaveStepButton outlet={outlet} />
    </Stack>
  );
}
