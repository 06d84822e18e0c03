import { performance } from 'node:perf_hooks';
import { type Client, expectOk, registerOwnerWithService } from './bench-owner.ts';
import { BRANCH_COUNT, branchesCsv } from './branches.ts';
import { saveCommand, saveResponse, trainAndWait } from './build-bot.ts';
import { createClient } from './http-client.ts';

/** What the live-data bot says and is asked; the load process reads the same texts to check the answers. */
export const liveBotTexts = {
  findExamples: ['find a branch', 'search a branch by its name', 'look up a branch name', 'branch called'],
  nearestExamples: [
    'nearest branch',
    'closest branch to me',
    'branch near my location',
    'which branch is near',
  ],
  rateExamples: ['exchange rate', 'dollar exchange rate', 'what is the exchange rate', 'currency rate today'],
  namePrompt: 'Which name?',
  placePrompt: 'Where are you? Share your location.',
  /** every live response's own fallback: an answer equal to it means the live data failed */
  fallback: 'LIVE DATA UNAVAILABLE',
};

export interface LiveBot {
  botToken: string;
  /** the chatbot's own fallback message ('' when it has none) */
  botFallback: string;
  /** seconds the 10,000-row CSV import took */
  importSeconds: number;
}

/** A command of the live bot: at most one variable, and a response built once that variable's id is known. */
interface LiveCommand {
  name: string;
  examples: string[];
  variable?: Record<string, unknown>;
  response(varId: number | null): Record<string, unknown>;
}

async function addLiveCommand(client: Client, token: string, serviceId: number, command: LiveCommand) {
  const commandId = await saveCommand(client, token, serviceId, command);
  let varId: number | null = null;
  if (command.variable) {
    const body = { var_order: 1, ...command.variable };
    const variable = await expectOk(
      client.call('POST', `/api/command_var/save/0/${commandId}`, body, token),
      `variable save ${command.name}`,
    );
    varId = variable.id as number;
  }
  const record = { ...command.response(varId), resp_fallback_msg: liveBotTexts.fallback };
  await saveResponse(client, token, commandId, record);
}

/** The branches dataset (name, city, place), filled by one CSV import of 10,000 rows. */
async function importBranches(client: Client, token: string): Promise<{ dsId: number; seconds: number }> {
  const schema = [
    { name: 'name', type: 'text', permission: 'rw' },
    { name: 'city', type: 'text', permission: 'rw' },
    { name: 'place', type: 'location', permission: 'rw' },
  ];
  const saved = await expectOk(
    client.call('POST', '/api/dataset/save/0', { ds_name: 'Branches', ds_schema: schema }, token),
    'dataset save',
  );
  const dsId = (saved.id ?? saved.data?.ds_id) as number;
  const started = performance.now();
  const imported = await expectOk(
    client.call('POST', `/api/dataset/import/${dsId}`, { format: 'csv', content: branchesCsv() }, token),
    'branches import',
  );
  if (imported.imported !== BRANCH_COUNT) throw new Error(`imported ${imported.imported} branches`);
  return { dsId, seconds: (performance.now() - started) / 1000 };
}

/** A `ds` response: one group of one condition on `field`, from the variable `varId`. */
function datasetResponse(
  dsId: number,
  query: { field: string; rel: 'LIKE' | 'NEARBY'; varId: number | null; value: string },
  resp: Record<string, unknown>,
): Record<string, unknown> {
  const condition = {
    field_name: query.field,
    rel: query.rel,
    var_id: query.varId,
    value: query.value,
    field_type: query.rel === 'NEARBY' ? 'location' : 'text',
  };
  return {
    resp_type: 'ds',
    resp_dataset_id: dsId,
    resp_dataset: { ds_id: dsId, groups: [[condition]], resp },
  };
}

function liveCommands(dsId: number, ratesUrl: string): LiveCommand[] {
  /** a command whose `ds` response reads the branches from the command's one variable */
  const branchCommand = (
    command: { name: string; examples: string[]; variable: Record<string, unknown> },
    query: { field: string; rel: 'LIKE' | 'NEARBY'; value: string },
    resp: Record<string, unknown>,
  ): LiveCommand => ({ ...command, response: (varId) => datasetResponse(dsId, { ...query, varId }, resp) });
  return [
    branchCommand(
      {
        name: 'find a branch',
        examples: liveBotTexts.findExamples,
        variable: {
          var_name: 'branch_name',
          var_type: 'text',
          var_val_text: 'x',
          var_prompt: liveBotTexts.namePrompt,
        },
      },
      { field: 'name', rel: 'LIKE', value: '' },
      { via: 'text', limit: 3, title: 'name', subtitle: 'city' },
    ),
    branchCommand(
      {
        name: 'nearest branch',
        examples: liveBotTexts.nearestExamples,
        variable: { var_name: 'here', var_type: 'location', var_prompt: liveBotTexts.placePrompt },
      },
      { field: 'place', rel: 'NEARBY', value: '10' }, // within 10 km
      { via: 'card', limit: 3, title: 'name', subtitle: '{{city}}, {{__distance_km}} km' },
    ),
    {
      name: 'exchange rate',
      examples: liveBotTexts.rateExamples,
      response: () => ({
        resp_type: 'api',
        resp_api_url: ratesUrl,
        resp_api_req_type: 'get',
        resp_api_resp_type: 'json',
        resp_api_resp_data_field: 'quote',
        resp_api_resp_data_type: 'single',
        resp_api_resp_via: 'text',
        resp_api_resp_struct: { title_key: 'pair', subtitle_key: 'rate' },
      }),
    },
  ];
}

/**
 * Builds the live-data bot through the API as an owner would (its own owner): the branches dataset, "find a
 * branch" (a text variable, then a LIKE query on name, 3 records as text), "nearest branch" (a location
 * variable, then a NEARBY query on place within 10 km, 3 records as cards) and "exchange rate" (an api response
 * GET to `ratesUrl`, its JSON's `quote` shown as text); trains it and answers its public token.
 */
export async function buildLiveBot(baseUrl: string, ratesUrl: string): Promise<LiveBot> {
  const client = createClient(baseUrl, 4);
  try {
    const { token, serviceId } = await registerOwnerWithService(client, 'Live data');
    const { dsId, seconds } = await importBranches(client, token);
    for (const command of liveCommands(dsId, ratesUrl))
      await addLiveCommand(client, token, serviceId, command);
    await trainAndWait(client, token);
    const browsed = await expectOk(client.call('GET', '/api/chatbot/browse', undefined, token), 'browse');
    return {
      botToken: browsed.user_token as string,
      botFallback: String(browsed.data?.chatbot_fallback_msg ?? ''),
      importSeconds: seconds,
    };
  } finally {
    client.close();
  }
}
