import type { Database } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { removeVariableTags } from '../examples/example-repository.ts';
import { deleteVariableRow, findOwnVariable } from '../variables/variable-repository.ts';

/**
 * Deletes the owner's variable and its tags in the command's examples, in one transaction. References from
 * other variables (cursor, preference) are cleared by their foreign keys. Answers the variable's command id.
 */
export async function deleteVariable(db: Database, userId: number, varId: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const variable = await findOwnVariable(trx, userId, varId);
    if (!variable) throw new AppError('not_found');
    await removeVariableTags(trx, variable.var_command_id, varId);
    await deleteVariableRow(trx, varId);
    return variable.var_command_id;
  });
}
