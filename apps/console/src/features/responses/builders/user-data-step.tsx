import { userDataModes } from '@hiwar/contracts';
import { Select, Stack, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { StepProps } from '../step-props.ts';
import { useOwnDatasets } from './builders-api.ts';
import { ParameterEditor } from './parameter-editor.tsx';
import { usePlaceholderLists, useVariableChoices } from './use-placeholder-lists.ts';

/**
 * result/user-data: whether the response writes the sender's record, the mode (insert, update, delete, finish
 * shown as End — required when on), the owner's dataset, and the parameters (a column, a variable or a default,
 * `is_primary` for the record's key; names unique). The frame's Save stores it and goes to result/fallback.
 */
export function UserDataStep(props: StepProps) {
  const { record, onChange, errors } = props;
  const { t } = useTranslation();
  const datasets = useOwnDatasets();
  const variables = useVariableChoices(props.commandId);
  const lists = usePlaceholderLists(props);
  const isOn = record.resp_user_data_status === 1;
  const dataset = (datasets.data ?? []).find((entry) => entry.ds_id === record.resp_user_data_dataset_id);
  const modeError =
    isOn && record.resp_user_data_mode_name === null
      ? (errors.resp_user_data_mode_name ?? t('responses.builders.userData.modeRequired'))
      : errors.resp_user_data_mode_name;

  return (
    <Stack gap="md">
      <Switch
        label={t('responses.builders.userData.switch')}
        checked={isOn}
        onChange={(event) => onChange({ resp_user_data_status: event.currentTarget.checked ? 1 : 0 })}
      />
      {isOn ? (
        <>
          <Select
            label={t('responses.builders.userData.mode')}
            data={userDataModes.map((mode) => ({
              value: mode,
              label: t(`responses.builders.userData.modes.${mode}`),
            }))}
            value={record.resp_user_data_mode_name}
            onChange={(mode) =>
              onChange({ resp_user_data_mode_name: mode as (typeof userDataModes)[number] | null })
            }
            error={modeError}
            withAsterisk
          />
          <Select
            label={t('responses.builders.userData.dataset')}
            data={(datasets.data ?? []).map((entry) => ({
              value: String(entry.ds_id),
              label: entry.ds_name,
            }))}
            value={
              record.resp_user_data_dataset_id === null ? null : String(record.resp_user_data_dataset_id)
            }
            onChange={(id) =>
              onChange({
                resp_user_data_dataset_id: id === null ? null : Number(id),
                resp_user_data_pars: [],
              })
            }
            error={errors.resp_user_data_dataset_id}
            searchable
          />
          {dataset && (
            <ParameterEditor
              parameters={record.resp_user_data_pars}
              onChange={(parameters) =>
                onChange({
                  resp_user_data_pars: parameters.map((parameter) => ({
                    ...parameter,
                    is_primary: parameter.is_primary ?? 0,
                    type: parameter.type ?? '',
                  })),
                })
              }
              variables={variables}
              lists={lists}
              columns={dataset.ds_schema}
              withPrimary
            />
          )}
          {errors.resp_user_data_pars && (
            <Text size="sm" c="red">
              {errors.resp_user_data_pars}
            </Text>
          )}
        </>
      ) : (
        <Text size="sm" c="dimmed">
          {t('responses.builders.userData.off')}
        </Text>
      )}
    </Stack>
  );
}
