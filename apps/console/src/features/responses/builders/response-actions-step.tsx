import type { ResponseAction } from '@hiwar/contracts';
import { Alert, Button, Stack, Switch, Table, Text } from '@mantine/core';
import { IconAlertTriangle, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProfile } from '../../../lib/profile.ts';
import type { StepProps } from '../step-props.ts';
import { ActionForm } from './action-form.tsx';
import { type ActionType, blankAction } from './action-values.ts';
import { type Department, useSupportDepartments } from './builders-api.ts';
import { placeAt } from './parameter-values.ts';
import { RowActions } from './row-actions.tsx';
import { usePlaceholderLists, useVariableChoices } from './use-placeholder-lists.ts';

const baseTypes: ActionType[] = ['subscribe', 'mail', 'api'];
const supportTypes: ActionType[] = ['cs_connect', 'cs_disconnect'];

/** What the list shows of an action: its recipients, its request, or the department it hands over to. */
function summaryOf(action: ResponseAction, departments: readonly Department[] | undefined): string {
  if (action.resp_action_type === 'mail') return action.resp_action_mail_to.join(', ');
  if (action.resp_action_type === 'api')
    return `${action.resp_action_api_req_type.toUpperCase()} ${action.resp_action_api_url}`;
  const id = action.resp_action_cs_connect_department;
  return departments?.find((department) => department.id === id)?.name ?? id;
}

/** A refused save's message for the action: about the whole action, or about its department. */
function actionError(errors: Record<string, string>, index: number, departmentInvalid: string) {
  if (errors[`resp_actions.${index}`]) return errors[`resp_actions.${index}`];
  return errors[`resp_actions.${index}.resp_action_cs_connect_department`] ? departmentInvalid : undefined;
}

/**
 * result/response-actions: the actions switch and the list of actions, each added or edited in one form
 * (index -1 adds). The customer-support actions are offered only when the owner's customer support is on. The
 * first action added turns the switch on, and actions kept with the switch off are said not to run (issue #31).
 */
export function ResponseActionsStep(props: StepProps) {
  const { record, onChange, errors } = props;
  const { t } = useTranslation();
  const profile = useProfile();
  const hasSupport = profile.data?.user_customer_support?.cs_status === 1;
  const departments = useSupportDepartments(hasSupport);
  const variables = useVariableChoices(props.commandId);
  const lists = usePlaceholderLists(props);
  /** null: no form open; -1: adding; else the edited action's place */
  const [editing, setEditing] = useState<number | null>(null);
  const types = hasSupport ? [...baseTypes, ...supportTypes] : baseTypes;
  const actions = record.resp_actions;
  const departmentInvalid = t('responses.builders.actions.departmentInvalid');

  return (
    <Stack gap="md">
      <Switch
        label={t('responses.builders.actions.switch')}
        checked={record.resp_action_status === 1}
        onChange={(event) => onChange({ resp_action_status: event.currentTarget.checked ? 1 : 0 })}
      />
      {actions.length > 0 && record.resp_action_status !== 1 && (
        <Alert color="yellow" icon={<IconAlertTriangle size={18} />} data-testid="actions-off">
          {t('responses.builders.actions.off')}
        </Alert>
      )}
      {actions.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('responses.builders.actions.none')}
        </Text>
      ) : (
        <Table>
          <Table.Tbody>
            {actions.map((action, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: actions have no id; their place is their identity
              <Table.Tr key={index}>
                <Table.Td>{t(`responses.builders.actions.types.${action.resp_action_type}`)}</Table.Td>
                <Table.Td dir="auto">{summaryOf(action, departments.data)}</Table.Td>
                {actionError(errors, index, departmentInvalid) && (
                  <Table.Td c="red">{actionError(errors, index, departmentInvalid)}</Table.Td>
                )}
                <Table.Td>
                  <RowActions
                    editLabel={t('responses.builders.actions.edit', { number: index + 1 })}
                    removeLabel={t('responses.builders.actions.remove', { number: index + 1 })}
                    onEdit={() => setEditing(index)}
                    onRemove={() => {
                      onChange({ resp_actions: actions.filter((_, at) => at !== index) });
                      setEditing(null);
                    }}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {editing === null ? (
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          w="fit-content"
          onClick={() => setEditing(-1)}
        >
          {t('responses.builders.actions.new')}
        </Button>
      ) : (
        <ActionForm
          key={editing}
          initial={editing < 0 ? blankAction() : (actions[editing] ?? blankAction())}
          index={editing}
          types={types}
          departments={departments}
          departmentError={
            editing >= 0 && errors[`resp_actions.${editing}.resp_action_cs_connect_department`]
              ? departmentInvalid
              : undefined
          }
          variables={variables}
          lists={lists}
          onSubmit={(action) => {
            // the first action turns the actions on: an owner who adds one means it to run
            const turnsOn = actions.length === 0 && editing < 0 ? { resp_action_status: 1 as const } : {};
            onChange({ resp_actions: placeAt(actions, action, editing), ...turnsOn });
            setEditing(null);
          }}
          onCancel={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}
