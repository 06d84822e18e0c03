import { findOwnDataset } from '../../datasets/dataset-repository.ts';
import { planHandoff, planRelease } from '../../handoff/plan-handoff.ts';
import { listChannelsOfCommand } from '../../subscriptions/channel-repository.ts';
import { interpolationValues } from '../interpolate.ts';
import type { RunnableCommand } from '../load-command.ts';
import type { TurnState } from '../turn-state.ts';
import { planOutboundActions } from './outbound-actions.ts';
import type { ParameterSources } from './parameter-values.ts';
import { planUserData } from './user-data.ts';

/**
 * What a command's response does besides answering (DESIGN.md §5 step 5): its user data, its mail and api
 * actions and its subscribe action (the channels whose related command this is), planned on the turn — the turn writer stores them with the turn, so nothing happens for a turn
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
  const isSubscribing =
    response.resp_action_status === 1 &&
    response.resp_actions.some((action) => action.resp_action_type === 'subscribe');
  if (isSubscribing) {
    // the channels whose related command is this one
    const channels = await listChannelsOfCommand(turn.deps.db, turn.chatbot.user_id, command.commandId);
    const vars: Record<string, string> = {};
    for (const variable of command.variables) {
      const value = sources.placeholders[variable.var_name];
      if (value !== undefined && value !== '') vars[variable.var_name] = value;
    }
    if (channels.length > 0) {
      turn.subscriptionWrites.push({ kind: 'subscribe', channelIds: channels.map((row) => row.sc_id), vars });
    }
    notes.push(
      `subscribe: ${channels.length === 0 ? 'no channel names this command' : `channels ${channels.map((row) => row.sc_id).join(', ')}`}`,
    );
  }
  if (response.resp_action_status === 1) {
    for (const action of response.resp_actions) {
      if (action.resp_action_type === 'cs_connect') {
        notes.push(await planHandoff(turn, action.resp_action_cs_connect_department));
      } else if (action.resp_action_type === 'cs_disconnect') {
        notes.push(await planRelease(turn));
      }
    }
  }
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
