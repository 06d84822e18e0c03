import { findOwnDataset } from '../../datasets/dataset-repository.ts';
import { interpolationValues } from '../interpolate.ts';
import type { RunnableCommand } from '../load-command.ts';
import type { TurnState } from '../turn-state.ts';
import { planOutboundActions } from './outbound-actions.ts';
import type { ParameterSources } from './parameter-values.ts';
import { planUserData } from './user-data.ts';

/**
 * What a command's response does besides answering (DESIGN.md §5 step 5): its user data and its mail and api
 * actions, planned on the turn — the turn writer stores them with the turn, so nothing happens for a turn
 * that is not stored (a lost race runs again; `/debug` never stores).
 */
export async function planResponseEffects(
  turn: TurnState,
  command: RunnableCommand,
): Promise<{ note: string }> {
  const { response } = command;
  const sources: ParameterSources = {
    variables: command.variables,
    vars: turn.bank.vars,
    placeholders: interpolationValues(turn),
  };
  const actions = planOutboundActions(response, sources);
  turn.actions.push(...actions);
  const notes = actions.map((action) => `${action.kind} action queued`);
  const datasetId = response.resp_user_data_dataset_id;
  if (response.resp_user_data_status === 1 && datasetId !== null) {
    const dataset = await findOwnDataset(turn.deps.db, turn.chatbot.user_id, datasetId);
    const planned = planUserData(response, dataset, turn.sender, sources);
    if (planned.write) {
      turn.userDataWrites.push(planned.write);
      notes.push(`user data: ${planned.write.mode} in dataset ${planned.write.dsId}`);
    }
    notes.push(...planned.notes);
  }
  return { note: notes.length > 0 ? notes.join('; ') : 'none' };
}
