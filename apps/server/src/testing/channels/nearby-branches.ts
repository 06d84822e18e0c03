import { insertDatasetRecord } from '../../modules/datasets/dataset-record-repository.ts';
import { addCommand, type ConversationServer, type TestBot } from '../conversation-server.ts';

/** Tahrir Square: the location a test sender shares. */
export const TAHRIR = { lat: 30.0444, lng: 31.2357 };

/** What the bot answers from TAHRIR: the branches within 10 km, nearest first. */
export const NEAREST_FROM_TAHRIR = 'Dokki (0.5 km)\nGarden City (1 km)';

/**
 * A "nearest branch" command for the channels' conversation tests: it asks for a location (its prompt is
 * "Share your location, please.") and answers with a NEARBY dataset response over three branches.
 */
export async function addNearestBranchCommand(server: ConversationServer, bot: TestBot): Promise<void> {
  const saved = await server.call('POST', '/api/dataset/save/0', {
    token: bot.token,
    body: {
      ds_name: 'Branches',
      ds_schema: [
        { name: 'name', type: 'text', permission: 'rw' },
        { name: 'place', type: 'location', permission: 'rw' },
      ],
    },
  });
  const dsId: number = saved.json.data.ds_id;
  for (const [name, lat, lng] of [
    ['Garden City', 30.0534, 31.2357],
    ['Dokki', 30.0489, 31.2357],
    ['Alexandria', 31.2, 29.9],
  ] as const) {
    await insertDatasetRecord(server.database.db, {
      dsId,
      userId: bot.userId,
      data: { name, place: { type: 'Point', coordinates: [lng, lat], address: name } },
    });
  }
  await addCommand(bot, {
    name: 'nearest branch',
    examples: ['nearest branch', 'where is the closest branch', 'branch near me', 'find a branch nearby'],
    variables: [{ var_name: 'here', var_type: 'location', var_prompt: 'Share your location, please.' }],
    response: {
      resp_type: 'ds',
      resp_dataset_id: dsId,
      resp_dataset: {
        ds_id: dsId,
        groups: [[{ field_name: 'place', rel: 'NEARBY', value: '10', var_id: null, field_type: '' }]],
        resp: { via: 'text', limit: 5, title: '{{name}} ({{__distance_km}} km)' },
      },
    },
  });
}
