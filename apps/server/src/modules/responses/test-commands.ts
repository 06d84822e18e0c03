import { registerAndLogin } from '../../testing/accounts.ts';
import type { TestServer } from '../../testing/test-server.ts';
import { insertCommand } from '../commands/command-repository.ts';
import { insertService } from '../services/service-repository.ts';

let counter = 0;

/** A signed-in owner with one service holding `commandCount` commands (tests of responses and advertises). */
export async function ownerWithCommands(server: TestServer, commandCount = 1) {
  const session = await registerAndLogin(server);
  counter += 1;
  const serviceId = await insertService(server.database.db, {
    userId: session.userId,
    name: `Service ${counter}`,
  });
  const commandIds: number[] = [];
  for (let index = 0; index < commandCount; index += 1) {
    commandIds.push(
      await insertCommand(server.database.db, {
        userId: session.userId,
        serviceId,
        name: `Command ${index}`,
      }),
    );
  }
  const [commandId] = commandIds;
  if (commandId === undefined) throw new Error('ownerWithCommands needs at least one command');
  return { ...session, serviceId, commandId, commandIds };
}
