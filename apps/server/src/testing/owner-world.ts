import { randomBytes, randomInt } from 'node:crypto';
import { defaultChatbotSettings } from '@hiwar/contracts';
import { insertOrderOnce } from '../modules/commerce/order-repository.ts';
import { insertDataSource } from '../modules/data-sources/data-source-repository.ts';
import { insertDatasetRecord } from '../modules/datasets/dataset-record-repository.ts';
import { createDataset } from '../modules/datasets/dataset-repository.ts';
import { deleteDepartmentRow, listDepartments } from '../modules/departments/department-repository.ts';
import { insertNegative } from '../modules/examples/negative-example-repository.ts';
import { openHandoff } from '../modules/handoff/handoff-repository.ts';
import { groupNewMessages, groupOfTurn } from '../modules/inbox/inbox-grouping.ts';
import { insertTurns } from '../modules/runtime/turn-repository.ts';
import { recordSenderTurns } from '../modules/senders/sender-repository.ts';
import { subscribeSender } from '../modules/subscriptions/subscriber-repository.ts';
import { registerAndLogin } from './accounts.ts';
import type { CallResult, TestServer } from './test-server.ts';

/** A signed-in owner whose rows all carry `marker`, so an answer that leaks them can be found by searching. */
export interface Owner {
  token: string;
  userId: number;
  email: string;
  password: string;
  username: string;
  /** lowercase letters and digits only: fits names, variable names and texts alike */
  marker: string;
}

/** One of each owner-scoped row, all private, each naming the owner's marker. */
export interface OwnerWorld extends Owner {
  serviceId: number;
  commandId: number;
  variableId: number;
  exampleId: number;
  advertiseId: number;
  datasetId: number;
  /** a record of the dataset, whose city names the marker */
  datasetRecordId: number;
  /** a MySQL connection to 127.0.0.1 `test` as root: never connected to by the seeding */
  dataSourceId: number;
  mapId: number;
  locationId: number;
  /** a menu (a dataset of type menu) and a pending order of it whose customer's name carries the marker */
  menuId: number;
  orderId: number;
  /** a customer-support department whose name carries the marker */
  departmentId: number;
  /** a subscription channel related to the command, with one web subscriber whose variable value names the marker */
  subscriptionId: number;
  chatbotId: number;
  /** the chatbot's public token (the widget API's {bot}) */
  botToken: string;
  exampleText: string;
  /** a web sender (`web:<id>`) who wrote a message naming the marker that the bot did not understand, and who is
   * handed over to the department */
  senderKey: string;
  /** the not-understood group of that message, and its turn */
  inboxGroupId: number;
  inboxTurnId: number;
  /** a later message of that sender the command answered (the transcript's "Wrong command?" corrects it) */
  matchedTurnId: number;
  /** a message of the service marked "not for this bot", naming the marker */
  negativeId: number;
}

let counter = 0;

/** A name no other call of the run has used, carrying the owner's marker. */
export function uniqueOf(owner: Owner, what: string): string {
  counter += 1;
  return `${owner.marker}${what}${counter}`;
}

export async function registerOwner(server: TestServer, label: string): Promise<Owner> {
  const marker = `${label}${randomBytes(5).toString('hex')}`;
  const session = await registerAndLogin(server, { user_fullname: `${marker} full name` });
  return {
    token: session.token,
    userId: session.userId,
    email: session.account.user_email,
    password: session.account.user_password,
    username: session.account.username,
    marker,
  };
}

function expectSaved(answer: CallResult, what: string): CallResult {
  if (answer.status !== 200 || answer.json?.status !== 1) throw new Error(`${what} failed: ${answer.text}`);
  return answer;
}

function savedId(answer: CallResult, what: string): number {
  const { json } = expectSaved(answer, what);
  return json.id ?? json.data?._id;
}

/**
 * Builds a service, command, variable, example, response, ad, dataset, map with a location, customer-support
 * department and chatbot for the owner, over HTTP.
 */
export async function seedOwnerWorld(server: TestServer, owner: Owner): Promise<OwnerWorld> {
  const { token } = owner;
  const post = (path: string, body: unknown) => server.call('POST', path, { token, body });
  const serviceId = savedId(
    await post('/api/service/save', {
      service_name: uniqueOf(owner, 'service'),
      service_description: `${owner.marker} description`,
    }),
    'service',
  );
  const commandId = savedId(
    await post(`/api/command/save/${serviceId}/0`, {
      command_name: uniqueOf(owner, 'command'),
      command_lang: 'en',
    }),
    'command',
  );
  const variableId = savedId(
    await post(`/api/command_var/save/0/${commandId}`, {
      var_name: uniqueOf(owner, 'var'),
      var_type: 'text',
      var_val_text: `${owner.marker} value`,
    }),
    'variable',
  );
  const exampleText = `${owner.marker} wants a pizza`;
  const exampleId = savedId(
    await post('/api/command_example/save_example', {
      example_command_id: commandId,
      example_text: exampleText,
    }),
    'example',
  );
  const response = { resp_type: 'text', resp_text: `${owner.marker} response` };
  expectSaved(await post(`/api/command_response/save/${commandId}`, { record: response }), 'response');
  const ads = await post(`/api/command_advertises/save/${commandId}`, {
    data: [{ code: `<b>${owner.marker} ad</b>`, status: 1 }],
  });
  const advertiseId: number = expectSaved(ads, 'advertise').json.data[0].id;
  const dataset = await createDataset(server.database.db, {
    userId: owner.userId,
    name: uniqueOf(owner, 'dataset'),
    schema: [{ name: 'city', type: 'text', permission: 'rw' }],
  });
  const datasetRecordId = await insertDatasetRecord(server.database.db, {
    dsId: dataset.ds_id,
    userId: owner.userId,
    data: { city: `${owner.marker} city` },
  });
  const menu = await createDataset(server.database.db, {
    userId: owner.userId,
    name: uniqueOf(owner, 'menu'),
    type: 'menu',
    tax: 14,
  });
  const orderId = await insertOrderOnce(
    server.database.db,
    {
      sender: { userId: owner.userId, platform: 'web', senderId: '1' },
      dsId: menu.ds_id,
      orderNumber: 'TEST-0001',
      idempotencyKey: uniqueOf(owner, 'order'),
      fullname: `${owner.marker} customer`,
      phone: '0100',
      address: `${owner.marker} street`,
      notes: '',
      lines: [{ recordId: 0, title: `${owner.marker} pizza`, quantity: 1, priceCents: 1000 }],
      subtotalCents: 1000,
      taxCents: 140,
      shippingCents: 0,
      totalCents: 1140,
      currency: 'EGP',
      paymentMethod: 'cash',
      lang: 'en',
    },
    new Date().toISOString(),
  );
  const mapId = savedId(await post('/api/maps/0', { title: uniqueOf(owner, 'map') }), 'map');
  const locationId = savedId(
    await post('/api/locations/0', {
      title: uniqueOf(owner, 'location'),
      x: 1.5,
      y: -2.25,
      yaw: 90,
      map_id: mapId,
    }),
    'location',
  );
  // an owner seeded with many worlds (the isolation test seeds one per operation) would reach the cap of
  // departments: only the newest few of earlier worlds are kept
  const earlier = await listDepartments(server.database.db, owner.userId);
  for (const { id } of earlier.slice(0, -5)) await deleteDepartmentRow(server.database.db, owner.userId, id);
  const department = await post('/api/user/add_cs_department', { name: uniqueOf(owner, 'department') });
  const departmentId: number = expectSaved(department, 'department').json.data.id;
  // stored directly: saving over HTTP tries the connection, which the guard refuses unless 127.0.0.1 is allowed
  const dataSourceId = await insertDataSource(server.database.db, owner.userId, {
    name: uniqueOf(owner, 'datasource'),
    driver: 'MYSQL',
    host: '127.0.0.1',
    port: null,
    dbname: 'test',
    username: 'root',
  });
  const subscriptionId = savedId(
    await post('/api/subscription/save/0', {
      sc_title: uniqueOf(owner, 'subscription'),
      sc_desc: `${owner.marker} channel`,
      sc_command_id: commandId,
    }),
    'subscription',
  );
  await subscribeSender(
    server.database.db,
    { userId: owner.userId, platform: 'web', senderId: '1' },
    [subscriptionId],
    { city: `${owner.marker} city` },
    new Date().toISOString(),
  );
  const chatbotSettings = {
    ...defaultChatbotSettings(),
    chatbot_name: `${owner.marker} bot`,
    chatbot_fallback_type: 'cmd',
    chatbot_fallback_command_id: commandId,
  };
  expectSaved(await post('/api/chatbot/save', chatbotSettings), 'chatbot');
  const chatbot = await server.call('GET', '/api/chatbot/browse', { token });
  const botToken: string = chatbot.json.user_token;
  // a message the bot did not understand, naming the marker and otherwise unlike any other world's (random
  // letters), so it starts its own not-understood group; stored directly, as the runtime stores a turn (a bot
  // of one command reads anything as that command)
  const senderId = String(randomInt(100_000_000, 999_999_999));
  const sender = { userId: owner.userId, platform: 'web', senderId };
  const at = new Date().toISOString();
  const text = `${owner.marker} ${randomBytes(20).toString('hex')}`;
  const [inboxTurnId = 0] = await insertTurns(server.database.db, [
    {
      sender,
      turn: {
        event: { type: 'text', text },
        commandId: null,
        score: null,
        replies: [{ type: 'text', text: 'Sorry?' }],
        trace: [],
        createdAt: at,
        lang: 'en',
        notUnderstood: [{ commandId, score: 0.2 }],
      },
    },
  ]);
  const matchedText = `${owner.marker} answered ${randomBytes(8).toString('hex')}`;
  const [matchedTurnId = 0] = await insertTurns(server.database.db, [
    {
      sender,
      turn: {
        event: { type: 'text', text: matchedText },
        commandId,
        score: 0.8,
        replies: [{ type: 'text', text: `${owner.marker} response` }],
        trace: [],
        createdAt: at,
        lang: 'en',
        notUnderstood: null,
      },
    },
  ]);
  await recordSenderTurns(server.database.db, [{ ...sender, turnId: inboxTurnId, at, text, lang: 'en' }]);
  const negative = await insertNegative(server.database.db, {
    userId: owner.userId,
    serviceId,
    text: `${owner.marker} not for this bot`,
    lang: 'en',
  });
  await groupNewMessages(server.database.db, owner.userId);
  const inboxGroupId = await groupOfTurn(server.database.db, inboxTurnId);
  const now = new Date();
  await openHandoff(
    server.database.db,
    sender,
    { id: departmentId, name: `${owner.marker} department` },
    now.toISOString(),
    new Date(now.getTime() + 3_600_000).toISOString(),
  );
  return {
    ...owner,
    serviceId,
    commandId,
    variableId,
    exampleId,
    advertiseId,
    datasetId: dataset.ds_id,
    datasetRecordId,
    dataSourceId,
    mapId,
    locationId,
    menuId: menu.ds_id,
    orderId,
    departmentId,
    subscriptionId,
    chatbotId: chatbot.json.data.chatbot_id,
    botToken,
    exampleText,
    senderKey: `web:${senderId}`,
    inboxGroupId,
    inboxTurnId,
    matchedTurnId,
    negativeId: negative.id,
  };
}
