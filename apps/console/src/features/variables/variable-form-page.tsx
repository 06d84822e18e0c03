import { Alert, Skeleton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { failureMessage } from '../../lib/form-errors.ts';
import { routeId, variablePathWithId } from '../../lib/route-ids.ts';
import { VariableForm } from './variable-form.tsx';
import { useVariable } from './variables-api.ts';

/**
 * …/commands/{command_id}/variables/{variable_id}: 0 creates; after saving, the page moves to the path with the
 * returned id.
 */
export function VariableFormPage() {
  const { t } = useTranslation();
  const params = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const commandId = routeId(params, 'command_id');
  const variableId = routeId(params, 'variable_id');
  const variable = useVariable(variableId);

  const goToSaved = (id: number) => {
    if (id !== variableId) navigate(variablePathWithId(pathname, id));
  };

  if (variableId > 0 && variable.isError)
    return (
      <Alert color="red" variant="light" role="alert">
        {failureMessage(variable.error, t, t('messages.serverError'))}
      </Alert>
    );
  if (variableId > 0 && !variable.data) return <Skeleton h={480} radius="md" />;
  return (
    <VariableForm
      key={variableId}
      variableId={variableId}
      commandId={commandId}
      record={variable.data}
      onSaved={goToSaved}
    />
  );
}
