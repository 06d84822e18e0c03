import { Button, Group, Select, Skeleton } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useNavigate, useParams } from 'react-router';
import { useCommand, useCommandVariables } from '../../lib/commands-api.ts';
import { parseCommandId } from '../../lib/route-ids.ts';
import { ExamplesTab } from '../examples/index.ts';
import { VariablesTab } from '../variables/index.ts';

function useCommandRoute() {
  const params = useParams();
  const serviceId = Number(params.serviceId);
  const commandId = parseCommandId(params.commandId);
  return { serviceId, commandId, variablesPath: `/services/${serviceId}/commands/${commandId}/variables` };
}

/** The variables tab: a dropdown of every variable of the command, a new-variable entry, then the list or a form. */
export function VariablesPanel() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { commandId, variablesPath } = useCommandRoute();
  const variableId = useParams().variableId;
  const variables = useCommandVariables(commandId);
  const options = (variables.data ?? []).map((variable) => ({
    value: String(variable.var_id),
    label: variable.var_name,
  }));
  return (
    <>
      <Group align="flex-end" gap="xs">
        <Select
          label={t('commands.variables.choose')}
          placeholder={t('commands.variables.choose')}
          data={options}
          value={variableId && variableId !== '0' ? variableId : null}
          onChange={(value) => navigate(value ? `${variablesPath}/${value}` : variablesPath)}
          searchable
          clearable
          nothingFoundMessage={t('services.noData')}
          w={{ base: '100%', sm: 280 }}
        />
        {/* The list has its own new-variable link; a variable's form gets this one. */}
        {variableId !== undefined && (
          <Button
            component={Link}
            to={`${variablesPath}/0`}
            variant="light"
            leftSection={<IconPlus size={16} />}
          >
            {t('commands.variables.new')}
          </Button>
        )}
      </Group>
      <Outlet />
    </>
  );
}

/** The variables list of the command (built by the variables feature). */
export function VariablesListPanel() {
  const { serviceId, commandId } = useCommandRoute();
  return <VariablesTab serviceId={serviceId} commandId={commandId} />;
}

/** The examples of the command (built by the examples feature), in the command's language. */
export function ExamplesPanel() {
  const { serviceId, commandId } = useCommandRoute();
  const command = useCommand(commandId);
  // New examples take the command's language, so the tab waits for the command.
  if (!command.data) return <Skeleton h={240} radius="md" />;
  return <ExamplesTab serviceId={serviceId} commandId={commandId} lang={command.data.command_lang} />;
}
