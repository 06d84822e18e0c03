import {
  type CommandResponseRecord,
  normalizeResponseBody,
  type ResponseBody,
  type saveResponseTypeRequest,
} from '@hiwar/contracts';
import type { z } from 'zod';
import type { Database } from '../../platform/db/database.ts';
import { fromJson } from '../../platform/db/json.ts';
import { requireOwnCommand } from '../commands/command-actions.ts';
import { checkResponseReferences } from './response-references.ts';
import { findResponseRow, type ResponseRow, upsertResponse } from './response-repository.ts';

function recordOf(commandId: number, row: ResponseRow | undefined): CommandResponseRecord {
  return {
    ...normalizeResponseBody(fromJson<unknown>(row?.resp_record, {})),
    resp_id: row?.resp_id ?? null,
    resp_command_id: commandId,
    created_at: row?.created_at ?? null,
    updated_at: row?.updated_at ?? null,
  };
}

/**
 * The owner's command response, normalised for the editor and the runtime; a command without one answers the
 * defaults (type text, empty text). Throws not_found for a command that is not the owner's.
 */
export async function getCommandResponse(
  db: Database,
  userId: number,
  commandId: number,
): Promise<CommandResponseRecord> {
  await requireOwnCommand(db, userId, commandId);
  return recordOf(commandId, await findResponseRow(db, commandId));
}

/** POST /command_response/save/{command_id}: the body already passed the contract's save rules. */
export async function saveCommandResponse(
  db: Database,
  userId: number,
  commandId: number,
  body: ResponseBody,
): Promise<void> {
  await requireOwnCommand(db, userId, commandId);
  await checkResponseReferences(db, userId, body, { pathPrefix: 'record.' });
  await upsertResponse(db, { userId, commandId }, body);
}

type ResponseTypeChoice = z.output<typeof saveResponseTypeRequest>;

/** POST command-response/{command_id}/types: stores the picked type and the id it came with; keeps the rest. */
export async function saveResponseType(
  db: Database,
  userId: number,
  commandId: number,
  choice: ResponseTypeChoice,
): Promise<CommandResponseRecord> {
  return db.transaction().execute(async (trx) => {
    const current = await getCommandResponse(trx, userId, commandId);
    const {
      resp_id: _id,
      resp_command_id: _command,
      created_at: _created,
      updated_at: _updated,
      ...body
    } = current;
    const pickedIds = Object.fromEntries(
      Object.entries(choice).filter(([key, value]) => key !== 'resp_type' && value !== null),
    );
    const picked = { ...body, ...pickedIds, resp_type: choice.resp_type };
    await checkResponseReferences(trx, userId, picked, { onlyFields: new Set(Object.keys(pickedIds)) });
    await upsertResponse(trx, { userId, commandId }, picked);
    return recordOf(commandId, await findResponseRow(trx, commandId));
  });
}
