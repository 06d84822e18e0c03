import { type ChildProcess, spawn } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type {
  ChannelsLoad,
  ChannelsLoadFigures,
  FromLoad,
  OutageFigures,
  OutageLoad,
  ToLoad,
} from './load-messages.ts';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '../..');

export interface TelegramSide {
  /** the fake Bot API's address: the server's TELEGRAM_API_URL */
  url: string;
  /** a bot token the fake accepts */
  addBot(botToken: string): Promise<void>;
  /** one run of chats through the webhook the server set for `botToken` */
  run(botToken: string, load: ChannelsLoad): Promise<ChannelsLoadFigures>;
  /** the outage run (channels-outage.ts) */
  outage(botToken: string, load: OutageLoad): Promise<OutageFigures>;
  stop(): Promise<void>;
}

function nextMessage(child: ChildProcess): Promise<FromLoad> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`the load process exited with ${code}`));
    child.once('exit', onExit);
    child.once('message', (message: FromLoad) => {
      child.off('exit', onExit);
      if (message.type === 'error') reject(new Error(`load process: ${message.message}`));
      else resolve(message);
    });
  });
}

/** Starts channels-load.ts as its own Node process (the fake Bot API and the chats), over IPC. */
export async function startTelegramSide(): Promise<TelegramSide> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(here, 'channels-load.ts')], {
    cwd: repoRoot,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ask = async (message: ToLoad): Promise<FromLoad> => {
    const answer = nextMessage(child);
    child.send(message);
    return answer;
  };
  const ready = await nextMessage(child);
  if (ready.type !== 'ready') throw new Error(`load process: unexpected ${ready.type}`);
  return {
    url: ready.url,
    async addBot(botToken) {
      await ask({ type: 'addBot', botToken });
    },
    async run(botToken, load) {
      const answer = await ask({ type: 'run', botToken, load });
      if (answer.type !== 'figures') throw new Error(`load process: unexpected ${answer.type}`);
      return answer.figures;
    },
    async outage(botToken, load) {
      const answer = await ask({ type: 'outage', botToken, load });
      if (answer.type !== 'outageFigures') throw new Error(`load process: unexpected ${answer.type}`);
      return answer.figures;
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send({ type: 'stop' } satisfies ToLoad);
      await exited;
    },
  };
}
