import { MAX_MAIL_RECIPIENTS, type ResponseAction, type VariableListItem } from '@hiwar/contracts';
import { Alert, Button, Fieldset, Group, Select, Stack, TagsInput, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type ActionField,
  type ActionType,
  actionProblems,
  actionRequestTypes,
  isEmail,
  trimmedAction,
} from './action-values.ts';
import { type DepartmentChoices, DepartmentPicker } from './department-picker.tsx';
import { ParameterEditor } from './parameter-editor.tsx';
import { PlaceholderInput, PlaceholderTextarea } from './placeholder-field.tsx';
import type { PlaceholderLists } from './placeholder-tokens.ts';

interface ActionFormProps {
  initial: ResponseAction;
  /** -1 adds */
  index: number;
  types: readonly ActionType[];
  departments: DepartmentChoices;
  /** the server's refusal of the stored department (another owner's, or gone) */
  departmentError?: string | undefined;
  variables: readonly VariableListItem[];
  lists: PlaceholderLists;
  onSubmit: (action: ResponseAction) => void;
  onCancel: () => void;
}

/** One response action in add or edit mode: subscribe, mail, api (and customer support when enabled). */
export function ActionForm({
  initial,
  index,
  types,
  departments,
  departmentError,
  variables,
  lists,
  onSubmit,
  onCancel,
}: ActionFormProps) {
  const { t } = useTranslation();
  const [action, setAction] = useState(initial);
  const [problems, setProblems] = useState<ActionField[]>([]);
  const [recipientError, setRecipientError] = useState<string | null>(null);
  const change = (patch: Partial<ResponseAction>) => {
    setAction((old) => ({ ...old, ...patch }));
    setProblems([]);
  };
  const errorOf = (field: ActionField) =>
    problems.includes(field) ? t(`responses.builders.actions.problem.${field}`) : undefined;

  const changeRecipients = (next: string[]) => {
    const added = next.filter((recipient) => !action.resp_action_mail_to.includes(recipient));
    if (added.some((recipient) => !isEmail(recipient))) {
      setRecipientError(t('responses.builders.actions.recipientInvalid'));
      return;
    }
    setRecipientError(null);
    change({ resp_action_mail_to: next.slice(0, MAX_MAIL_RECIPIENTS) });
  };
  const submit = () => {
    const kept = trimmedAction(action);
    const found = actionProblems(kept);
    setProblems(found);
    if (found.length > 0) {
      notifications.show({ color: 'red', message: t('responses.builders.actions.validationError') });
      return;
    }
    onSubmit(kept);
  };

  return (
    <Fieldset
      legend={t(index < 0 ? 'responses.builders.actions.addTitle' : 'responses.builders.actions.editTitle')}
    >
      <Stack gap="sm">
        {problems.length > 0 && (
          <Alert color="red" variant="light">
            {t('responses.builders.actions.validationError')}
          </Alert>
        )}
        <Select
          label={t('responses.builders.actions.type')}
          data={types.map((type) => ({ value: type, label: t(`responses.builders.actions.types.${type}`) }))}
          value={action.resp_action_type}
          onChange={(type) => type && change({ resp_action_type: type as ActionType })}
          allowDeselect={false}
        />
        {action.resp_action_type === 'mail' && (
          <>
            <PlaceholderInput
              label={t('responses.builders.actions.mailTitle')}
              value={action.resp_action_mail_title}
              onChange={(title) => change({ resp_action_mail_title: title })}
              error={errorOf('resp_action_mail_title')}
              lists={lists}
            />
            <PlaceholderTextarea
              label={t('responses.builders.actions.mailBody')}
              value={action.resp_action_mail_msg}
              onChange={(body) => change({ resp_action_mail_msg: body })}
              error={errorOf('resp_action_mail_msg')}
              lists={lists}
              autosize
              minRows={3}
            />
            <TagsInput
              label={t('responses.builders.actions.mailTo')}
              description={t('responses.builders.actions.mailToHint', { max: MAX_MAIL_RECIPIENTS })}
              value={action.resp_action_mail_to}
              onChange={changeRecipients}
              maxTags={MAX_MAIL_RECIPIENTS}
              error={recipientError ?? errorOf('resp_action_mail_to')}
              splitChars={[',', ' ', ';']}
              dir="ltr"
            />
          </>
        )}
        {action.resp_action_type === 'api' && (
          <>
            <PlaceholderInput
              label={t('responses.builders.actions.apiUrl')}
              value={action.resp_action_api_url}
              onChange={(url) => change({ resp_action_api_url: url })}
              error={errorOf('resp_action_api_url')}
              lists={lists}
              dir="ltr"
            />
            <Select
              label={t('responses.builders.actions.apiRequestType')}
              data={actionRequestTypes.map((type) => ({
                value: type,
                label: t(`responses.builders.actions.requestTypes.${type}`),
              }))}
              value={action.resp_action_api_req_type || null}
              onChange={(type) => change({ resp_action_api_req_type: type ?? '' })}
              error={errorOf('resp_action_api_req_type')}
            />
            <Textarea
              label={t('responses.builders.actions.apiHeaders')}
              description={t('responses.builders.actions.apiHeadersHint')}
              value={action.resp_action_api_headers}
              onChange={(event) => change({ resp_action_api_headers: event.currentTarget.value })}
              error={errorOf('resp_action_api_headers')}
              autosize
              minRows={2}
              dir="ltr"
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            />
            <ParameterEditor
              parameters={action.resp_action_api_pars}
              onChange={(parameters) =>
                change({
                  resp_action_api_pars: parameters.map(({ name, var_id, var_name, var_default_value }) => ({
                    name,
                    var_id,
                    var_name,
                    var_default_value,
                  })),
                })
              }
              variables={variables}
              lists={lists}
            />
          </>
        )}
        {action.resp_action_type === 'cs_connect' && (
          <DepartmentPicker
            departments={departments}
            value={action.resp_action_cs_connect_department}
            onChange={(id) => change({ resp_action_cs_connect_department: id })}
            error={departmentError}
          />
        )}
        <Group gap="xs">
          <Button onClick={submit}>
            {t(index < 0 ? 'responses.builders.actions.add' : 'responses.builders.actions.update')}
          </Button>
          <Button variant="subtle" onClick={onCancel}>
            {t('responses.builders.cancel')}
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}
