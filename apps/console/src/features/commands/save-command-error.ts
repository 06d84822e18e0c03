import type { UseFormReturnType } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { TFunction } from 'i18next';
import { failureMessage, serverFieldErrors } from '../../lib/form-errors.ts';
import { localizeFeatureMessage, localizeFormErrors } from '../services/index.ts';
import type { AboutValues } from './about-values.ts';

/**
 * A refused save of a command's about values (the about tab, the scenario screen): the server's field errors
 * on the form's fields, anything else as a red toast.
 */
export function showSaveCommandError(error: unknown, form: UseFormReturnType<AboutValues>, t: TFunction) {
  const fieldErrors = localizeFormErrors(serverFieldErrors(error, t, 'command_name'), t);
  if (Object.keys(fieldErrors).length > 0) form.setErrors(fieldErrors);
  else
    notifications.show({
      color: 'red',
      message: localizeFeatureMessage(t, failureMessage(error, t, t('messages.serverError'))),
    });
}
