import { departmentMessages } from '@hiwar/contracts';
import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api-client.ts';
import { localizeCatalogueMessage } from '../../lib/contract-messages.ts';
import { failureMessage } from '../../lib/form-errors.ts';

const inUsePattern = /^The department is used by (.+)$/;
const commandPattern = /the response of command "(.*?)"(?=, the response of command "|$)/g;

/**
 * A department message of the server or the contracts in the current language: the catalogue's
 * (`settings.departments.messages`) and the refusal to delete a department, naming the commands whose
 * responses hand over to it.
 */
export function localizeDepartmentMessage(t: TFunction, text: string): string {
  const inUse = inUsePattern.exec(text);
  if (inUse?.[1]) {
    const commands = [...inUse[1].matchAll(commandPattern)].map((match) => `"${match[1]}"`);
    if (commands.length > 0)
      return t('settings.departments.inUse', {
        commands: commands.join(t('settings.departments.listSeparator')),
      });
  }
  return localizeCatalogueMessage(t, departmentMessages, 'settings.departments', text);
}

/** The field error a refused call named under `name`, translated, if any. */
export function departmentNameError(t: TFunction, error: unknown): string | null {
  if (!(error instanceof ApiError) || error.fieldErrors === undefined) return null;
  const { fieldErrors } = error;
  const first = typeof fieldErrors === 'string' ? fieldErrors : fieldErrors.name?.[0];
  return first ? localizeDepartmentMessage(t, first) : null;
}

/** Why a call failed, for its toast: the name's field error, else the answer's msg, else 'Server error'. */
export function departmentFailureMessage(t: TFunction, error: unknown): string {
  return (
    departmentNameError(t, error) ??
    localizeDepartmentMessage(t, failureMessage(error, t, t('messages.serverError')))
  );
}
