import { defaultChatbotSettings } from '@hiwar/contracts';
import { type OwnerWorld, uniqueOf } from '../../owner-world.ts';

/**
 * How tenant-isolation.test.ts calls each operation of the OpenAPI document. Every operation needs an entry:
 * the test fails for a route without one, naming it.
 *
 * `calls(rows, caller)` builds the requests from the world whose rows they name and the caller's own world
 * (for calls that combine both, such as cloning another owner's command into one's own service). The test
 * runs them three ways:
 *  - owner B with owner A's rows: a 'by-id' call must be refused (4xx), a 'by-session' call answers B's own
 *    data; neither answer may contain A's marker;
 *  - owner B with a fresh world of B's own: every call must succeed, which proves the requests are well formed
 *    and that the refusals above come from ownership, not from a bad request;
 *  - owner A with A's rows, for reads: the answer shows A's marker (so a leak would be seen), and the same
 *    reads after the attack answer exactly what they answered before it.
 */
export interface FixtureCall {
  params?: Record<string, string | number>;
  query?: Record<string, string | number>;
  body?: unknown;
}

export interface OwnerScopedFixture {
  /** 'by-id': the call names rows; 'by-session': it acts on the signed-in owner's own rows only */
  scope: 'by-id' | 'by-session';
  calls(rows: OwnerWorld, caller: OwnerWorld): FixtureCall[];
  /** a read of the owner's rows: answered to the owner with the marker in it, and unchanged by the attack */
  read?: 'shows-marker' | 'without-marker';
}

export interface NotOwnerScopedFixture {
  notOwnerScoped: string;
}

export type IsolationFixture = OwnerScopedFixture | NotOwnerScopedFixture;

const one =
  (call: (rows: OwnerWorld, caller: OwnerWorld) => FixtureCall) =>
  (rows: OwnerWorld, caller: OwnerWorld): FixtureCall[] => [call(rows, caller)];

const byId = (
  call: (rows: OwnerWorld, caller: OwnerWorld) => FixtureCall,
  read?: OwnerScopedFixture['read'],
): OwnerScopedFixture => ({ scope: 'by-id', calls: one(call), ...(read && { read }) });

const bySession = (
  call: (rows: OwnerWorld, caller: OwnerWorld) => FixtureCall,
  read?: OwnerScopedFixture['read'],
): OwnerScopedFixture => ({ scope: 'by-session', calls: one(call), ...(read && { read }) });

const publicCall = (reason: string): NotOwnerScopedFixture => ({ notOwnerScoped: reason });

const commandOf = (rows: OwnerWorld) => ({ command_id: rows.commandId });
const keywords = { keywords: '' };

export const isolationFixtures: Record<string, IsolationFixture> = {
  'GET /api/health': publicCall('the health check reads no owner data'),
  'GET /api/health/ready': publicCall('the readiness check writes a probe row of the server, no owner data'),
  'POST /api/passport/register': publicCall('creates a new account'),
  'GET /api/passport/signup': publicCall("answers the operator's SIGNUP setting, the same for everyone"),
  'POST /api/user/resend_activation': publicCall(
    'mails a new link to a pending account, answering alike whether one exists (registration.test.ts)',
  ),
  'POST /api/passport/login': publicCall('signs in with a password; throttling has its own tests'),
  'GET /api/passport/facebook': publicCall(
    "sends the browser to Facebook Login's dialog with a state bound to it; reads no owner data",
  ),
  'GET /api/passport/facebook/callback': publicCall(
    'signs in only the account the Facebook person linked or whose proven email Facebook gave; a state of another browser is refused (facebook-signin.test.ts)',
  ),
  'POST /api/passport/social_login': publicCall(
    'trades a single-use ticket the Facebook callback issued for its account (facebook-signin.test.ts)',
  ),
  'POST /api/passport/logout': publicCall('revokes only the token that calls it (passport.test.ts)'),
  'GET /api/is_login': bySession(() => ({})),
  'POST /api/user/register/': publicCall('creates a new account'),
  'GET /api/user/activate/{user_id}/{code}': publicCall(
    'public: activates with the code mailed to the owner; a wrong code is refused (registration.test.ts)',
  ),
  'GET /api/user/confirm_email/{user_id}/{code}': publicCall(
    'public: applies the email change the code was mailed for; a wrong or old code is refused (signup-modes.test.ts)',
  ),
  'POST /api/user/social_register': publicCall('creates a new account'),
  'GET /api/user/social_register/{token}': publicCall(
    'public: the name and email of the pending sign-in an unguessable token names; an unknown one is 404 (facebook-signin.test.ts)',
  ),
  'GET /api/user/me': bySession(() => ({}), 'shows-marker'),
  // taking another owner's email and username must be refused as taken
  'POST /api/user/update_settings': byId((rows, caller) => ({
    body: {
      mode: 2,
      user_email: rows.email,
      username: rows.username,
      user_fullname: `${caller.marker} renamed`,
    },
  })),
  'GET /api/user/stats': bySession(() => ({}), 'without-marker'),
  'GET /api/user/get_cs_departments': bySession(() => ({}), 'shows-marker'),
  'POST /api/user/add_cs_department': bySession((_rows, caller) => ({
    body: { name: uniqueOf(caller, 'department') },
  })),
  'POST /api/user/update_cs_department/{id}': byId((rows, caller) => ({
    params: { id: rows.departmentId },
    body: { name: uniqueOf(caller, 'department') },
  })),
  'POST /api/user/delete_cs_department/{id}': byId((rows) => ({ params: { id: rows.departmentId } })),
  'POST /api/validate-sender': publicCall('public: checks the shape of a web-messenger sender id'),

  'GET /api/chatbot/browse': bySession(() => ({}), 'shows-marker'),
  'GET /api/chatbot/channels_status': bySession(() => ({})),
  'GET /api/chatbot/identity_verification': bySession(() => ({})),
  // off: the matrix's own messenger calls keep working without hashes
  'POST /api/chatbot/identity_verification': bySession(() => ({ body: { status: 0 } })),
  'GET /hooks/messenger': publicCall(
    "the Meta app's one webhook verification: by the operator's FB_VERIFY_TOKEN (messenger-channel.test.ts)",
  ),
  'POST /hooks/messenger': publicCall(
    "the Meta app's one webhook: signed with the app secret, each event routed to its page's owner (messenger-channel.test.ts)",
  ),
  'POST /hooks/telegram/{token}': publicCall(
    "Telegram's webhook: by the chatbot's public token and the secret Telegram sends back, which only the server derives (telegram-channel.test.ts)",
  ),
  'POST /hooks/hangouts/{token}': publicCall(
    "Google Chat's endpoint: by the chatbot's public token and a JWT Google Chat signed for the owner's project number (google-chat-channel.test.ts)",
  ),
  'GET /hooks/messenger/{token}': publicCall(
    "Messenger's verify handshake: answers Meta's challenge only to a verify token of the chatbot's own pages, reads no other data (messenger-channel.test.ts)",
  ),
  'POST /hooks/messenger/{token}': publicCall(
    "Messenger's webhook: by the chatbot's public token and Meta's X-Hub-Signature-256 over the raw body with the app secret; events for pages not the chatbot's are dropped (messenger-channel.test.ts)",
  ),
  'GET /hooks/whatsapp/{token}': publicCall(
    "WhatsApp's verify handshake: answers Meta's challenge only to the chatbot's own verify token, reads no other data (whatsapp-channel.test.ts)",
  ),
  'POST /hooks/whatsapp/{token}': publicCall(
    "WhatsApp's webhook: by the chatbot's public token and Meta's X-Hub-Signature-256 over the raw body with the app secret (whatsapp-channel.test.ts)",
  ),
  'GET /api/chatbot/browse/{id}': byId((rows) => ({ params: { id: rows.chatbotId } }), 'shows-marker'),
  // another owner's command as one's own fallback command
  'POST /api/chatbot/save': byId((rows, caller) => ({
    body: {
      ...defaultChatbotSettings(),
      chatbot_name: `${caller.marker} bot`,
      chatbot_fallback_type: 'cmd',
      chatbot_fallback_command_id: rows.commandId,
    },
  })),

  'GET /api/command_response/get/{command_id}': byId((rows) => ({ params: commandOf(rows) }), 'shows-marker'),
  'POST /api/command_response/save/{command_id}': {
    scope: 'by-id',
    calls: (rows, caller) => [
      {
        params: commandOf(rows),
        body: { record: { resp_type: 'text', resp_text: `${caller.marker} text` } },
      },
      // one's own command's response pointing at another owner's dataset, command or variable
      { params: commandOf(caller), body: { record: { resp_type: 'ds', resp_dataset_id: rows.datasetId } } },
      {
        params: commandOf(caller),
        body: {
          record: { ...textReply(caller), resp_quick_reply: [{ label: 'Go', command_id: rows.commandId }] },
        },
      },
      {
        params: commandOf(caller),
        body: { record: { ...textReply(caller), resp_api_pars: [{ name: 'q', var_id: rows.variableId }] } },
      },
      // a cs_connect action handing over to another owner's customer-support department
      {
        params: commandOf(caller),
        body: {
          record: {
            ...textReply(caller),
            resp_actions: [
              {
                resp_action_type: 'cs_connect',
                resp_action_cs_connect_department: String(rows.departmentId),
              },
            ],
          },
        },
      },
    ],
  },
  'GET /api/command-response/{command_id}/types': byId(
    (rows) => ({ params: commandOf(rows) }),
    'shows-marker',
  ),
  'POST /api/command-response/{command_id}/types': {
    scope: 'by-id',
    calls: (rows, caller) => [
      { params: commandOf(rows), body: { resp_type: 'text' } },
      { params: commandOf(caller), body: { resp_type: 'dataset', resp_dataset_id: rows.datasetId } },
    ],
  },
  'GET /api/command-response/{command_id}/options': byId(
    (rows) => ({ params: commandOf(rows) }),
    'shows-marker',
  ),

  'GET /api/command_advertises/get/{command_id}': byId(
    (rows) => ({ params: commandOf(rows) }),
    'shows-marker',
  ),
  'POST /api/command_advertises/save/{command_id}': {
    scope: 'by-id',
    calls: (rows, caller) => [
      { params: commandOf(rows), body: { data: [{ code: `${caller.marker} ad` }] } },
      // one's own command, naming another owner's ad to update it
      { params: commandOf(caller), body: { data: [{ id: rows.advertiseId, code: `${caller.marker} ad` }] } },
    ],
  },
  'DELETE /api/command_advertises/{id}': byId((rows) => ({ params: { id: rows.advertiseId } })),

  'GET /api/service': bySession((rows) => ({ query: { page: 1, search: rows.marker } }), 'shows-marker'),
  'POST /api/service/save': bySession((_rows, caller) => ({
    body: { service_name: uniqueOf(caller, 'service') },
  })),
  'POST /api/service/save/{id}': byId((rows, caller) => ({
    params: { id: rows.serviceId },
    body: { service_name: uniqueOf(caller, 'service') },
  })),
  'POST /api/service/delete/{id}': byId((rows) => ({ params: { id: rows.serviceId } })),
  'POST /api/service/clone/{id}': byId((rows) => ({ params: { id: rows.serviceId } })),
  'POST /api/service/set_status/{serviceId}': byId((rows) => ({
    params: { serviceId: rows.serviceId },
    body: { status: 0 },
  })),
  'GET /api/service/get_list': bySession(() => ({}), 'shows-marker'),
  'GET /api/service/browse/{id}': byId((rows) => ({ params: { id: rows.serviceId } }), 'shows-marker'),
  'GET /api/service/{service_id}/examples': byId(
    (rows) => ({ params: { service_id: rows.serviceId }, query: { type: 'file' } }),
    'shows-marker',
  ),
  // negative examples: listed on the service's examples card, removed one by one
  'GET /api/service/{service_id}/negative_examples': byId(
    (rows) => ({ params: { service_id: rows.serviceId } }),
    'shows-marker',
  ),
  'DELETE /api/negative_example/{id}': byId((rows) => ({ params: { id: rows.negativeId } })),

  'POST /api/command/get/{service_id}/{page}': byId(
    (rows) => ({ params: { service_id: rows.serviceId, page: 1 }, body: keywords }),
    'shows-marker',
  ),
  'GET /api/command/get/{serviceId}/{page}': byId(
    (rows) => ({ params: { serviceId: rows.serviceId, page: 1 } }),
    'shows-marker',
  ),
  'POST /api/command/get_all': bySession(() => ({}), 'shows-marker'),
  'GET /api/command/get_all': bySession(() => ({}), 'shows-marker'),
  'POST /api/command/get_all/0': bySession(() => ({}), 'shows-marker'),
  'GET /api/command/browse/{command_id}': byId((rows) => ({ params: commandOf(rows) }), 'shows-marker'),
  'POST /api/command/save/{service_id}/{command_id}': {
    scope: 'by-id',
    calls: (rows, caller) => [
      // a new command in another owner's service
      {
        params: { service_id: rows.serviceId, command_id: 0 },
        body: { command_name: uniqueOf(caller, 'command') },
      },
      // another owner's command, in its service and moved into one's own
      {
        params: { service_id: rows.serviceId, command_id: rows.commandId },
        body: { command_name: uniqueOf(caller, 'command') },
      },
      {
        params: { service_id: caller.serviceId, command_id: rows.commandId },
        body: { command_name: uniqueOf(caller, 'command') },
      },
    ],
  },
  'POST /api/command/set_status/{id}': byId((rows) => ({
    params: { id: rows.commandId },
    body: { status: 0 },
  })),
  'POST /api/command/delete/{id}': byId((rows) => ({ params: { id: rows.commandId } })),
  'POST /api/command/clone/{service_id}/{command_id}': {
    scope: 'by-id',
    calls: (rows, caller) => [
      { params: { service_id: caller.serviceId, command_id: rows.commandId } },
      { params: { service_id: rows.serviceId, command_id: caller.commandId } },
    ],
  },
  'GET /api/command/get_fixed_commands': bySession(() => ({}), 'without-marker'),

  'POST /api/command_var/get_all/{command_id}': byId((rows) => ({ params: commandOf(rows) }), 'shows-marker'),
  'GET /api/command_var/get_all/{command_id}': byId((rows) => ({ params: commandOf(rows) }), 'shows-marker'),
  'POST /api/command_var/get_all_preferences/0': bySession(() => ({}), 'without-marker'),
  'GET /api/command_var/browse/{var_id}': byId(
    (rows) => ({ params: { var_id: rows.variableId } }),
    'shows-marker',
  ),
  'POST /api/command_var/save/{var_id}/{command_id}': {
    scope: 'by-id',
    calls: (rows, caller) => [
      { params: { var_id: 0, command_id: rows.commandId }, body: variableBody(caller) },
      { params: { var_id: rows.variableId, command_id: rows.commandId }, body: variableBody(caller) },
      // another owner's variable moved under one's own command
      { params: { var_id: rows.variableId, command_id: caller.commandId }, body: variableBody(caller) },
      // a new variable of one's own listing another owner's private dataset
      {
        params: { var_id: 0, command_id: caller.commandId },
        body: {
          var_name: uniqueOf(caller, 'var'),
          var_type: 'datasetList',
          var_type_ds_id: rows.datasetId,
          var_type_ds_field_where: 'city',
          var_val_list: ['Cairo'],
        },
      },
    ],
  },
  'POST /api/command_var/get/{command_id}/{page}': byId(
    (rows) => ({ params: { command_id: rows.commandId, page: 1 }, body: keywords }),
    'shows-marker',
  ),
  'POST /api/command_var/set_status/{var_id}': byId((rows) => ({
    params: { var_id: rows.variableId },
    body: { status: 0 },
  })),
  'POST /api/command_var/delete/{var_id}': byId((rows) => ({ params: { var_id: rows.variableId } })),

  'POST /api/command_example/get/{command_id}': byId((rows) => ({ params: commandOf(rows) }), 'shows-marker'),
  'POST /api/command_example/save_example': {
    scope: 'by-id',
    calls: (rows, caller) => [
      { body: { example_command_id: rows.commandId, example_text: `${caller.marker} new example` } },
      // another owner's example, edited through its id
      {
        body: {
          _id: rows.exampleId,
          example_command_id: caller.commandId,
          example_text: `${caller.marker} edited example`,
        },
      },
      // one's own example tagged with another owner's variable
      {
        body: {
          example_command_id: caller.commandId,
          example_text: `${caller.marker} tagged example`,
          example_vars: [{ tag: 'tagged', type: rows.variableId }],
        },
      },
    ],
  },
  'POST /api/command_example/save/{command_id}': byId((rows, caller) => ({
    params: commandOf(rows),
    body: [{ example_text: `${caller.marker} saved example` }],
  })),
  'POST /api/command_example/save_all/': byId((rows, caller) => ({
    body: [{ example_command_id: rows.commandId, example_text: `${caller.marker} example` }],
  })),
  'POST /api/command_example/save_all': byId((rows, caller) => ({
    body: [
      { _id: rows.exampleId, example_command_id: rows.commandId, example_text: `${caller.marker} example` },
    ],
  })),
  'DELETE /api/command_example/delete/{_id}': byId((rows) => ({ params: { _id: rows.exampleId } })),
  'POST /api/command_example/delete/{id}': byId((rows) => ({ params: { id: rows.exampleId } })),
  'POST /api/command_example/set_status/{id}': byId((rows) => ({
    params: { id: rows.exampleId },
    body: { status: 0 },
  })),

  'GET /api/dataset/get_list': bySession(() => ({}), 'shows-marker'),
  'GET /api/dataset/browse/{id}': byId((rows) => ({ params: { id: rows.datasetId } }), 'shows-marker'),
  'POST /api/dataset/find': byId(
    (rows) => ({ body: { ds_id: rows.datasetId, field_name: 'city' } }),
    'shows-marker',
  ),
  'POST /api/dataset/get/public/{page}': bySession(
    (rows) => ({ params: { page: 1 }, body: { type: 'dataset', keywords: rows.marker } }),
    'shows-marker',
  ),
  'POST /api/dataset/save/{id}': {
    scope: 'by-id',
    calls: (rows, caller) => [
      { params: { id: rows.datasetId }, body: { ds_name: uniqueOf(caller, 'dataset') } },
    ],
  },
  'POST /api/dataset/set_status/{id}': byId((rows) => ({
    params: { id: rows.datasetId },
    body: { status: 0 },
  })),
  'POST /api/dataset/delete/{id}': byId((rows) => ({ params: { id: rows.datasetId } })),
  'PUT /api/dataset/fields/{id}': byId((rows) => ({
    params: { id: rows.datasetId },
    body: { old_field: { name: 'city' }, new_field: { name: 'town', type: 'text', permission: 'rw' } },
  })),
  'POST /api/dataset/add-field/{id}': byId((rows) => ({
    params: { id: rows.datasetId },
    body: { data: { name: 'population', type: 'number', permission: 'rw' } },
  })),
  'POST /api/dataset/get-with-keys': byId(
    (rows) => ({ body: { ds_id: rows.datasetId, page: 1 } }),
    'shows-marker',
  ),
  // another owner's record changed through its id, and a record written into another owner's dataset
  'POST /api/dataset/update-dataset/': byId((rows, caller) => ({
    body: { data: { _id: rows.datasetRecordId, city: `${caller.marker} city` } },
  })),
  'POST /api/dataset/insert_data': byId((rows, caller) => ({
    body: { schema: rows.datasetId, record: { city: `${caller.marker} city` } },
  })),
  'POST /api/dataset/delete_data': byId((rows) => ({ body: { _id: rows.datasetRecordId } })),
  'POST /api/dataset/multiple-delete-data': byId((rows) => ({ body: { ids: [rows.datasetRecordId] } })),
  // another owner's dataset previewed, filled from a file and downloaded
  'POST /api/dataset/import/preview/{id}': byId((rows) => ({
    params: { id: rows.datasetId },
    body: { format: 'csv', content: 'city\nLuxor' },
  })),
  'POST /api/dataset/import/{id}': byId((rows, caller) => ({
    params: { id: rows.datasetId },
    body: { format: 'csv', content: `city\n${caller.marker} city` },
  })),
  'GET /api/dataset/export/{id}': byId((rows) => ({ params: { id: rows.datasetId } }), 'shows-marker'),
  'GET /api/components/entities': publicCall('the built-in entity types, the same for every owner'),
  'GET /api/components': publicCall('the built-in components, the same for every owner'),
  'POST /api/upload-image/{kind}': publicCall(
    "signed in, but names no owner's rows: it stores a new file of the caller's own (uploads.test.ts)",
  ),

  'GET /api/command_example/train': bySession(() => ({})),
  'GET /api/command_example/train/{command_id}': byId((rows) => ({ params: commandOf(rows) })),
  'GET /api/command_example/check-if-free': bySession(() => ({})),
  'GET /api/command_example/trained_examples_check': bySession(() => ({})),
  'POST /api/command_example/augment_example': byId((rows) => ({
    body: {
      value: 'i want a large pizza',
      max_samples: 3,
      lev_min_ratio: 50,
      example_command_id: rows.commandId,
    },
  })),
  // the other owner's example sentence (less the marker, which an answer may echo): the caller's model must
  // not know the other owner's commands
  'GET /api/debug': bySession((rows) => ({
    query: { message: rows.exampleText.replace(rows.marker, '').trim() },
  })),

  'GET /api/maps': bySession((rows) => ({ query: { page: 1, keyword: rows.marker } }), 'shows-marker'),
  'GET /api/maps/list/all': bySession(() => ({}), 'shows-marker'),
  'GET /api/maps/{id}': byId((rows) => ({ params: { id: rows.mapId } }), 'shows-marker'),
  'POST /api/maps/{id}': byId((rows, caller) => ({
    params: { id: rows.mapId },
    body: { title: uniqueOf(caller, 'map') },
  })),
  'DELETE /api/maps/{id}': byId((rows) => ({ params: { id: rows.mapId } })),
  'GET /api/locations/list/{map}': byId(
    (rows) => ({ params: { map: rows.mapId }, query: { page: 1 } }),
    'shows-marker',
  ),
  'GET /api/locations/{id}': byId((rows) => ({ params: { id: rows.locationId } }), 'shows-marker'),
  'POST /api/locations/{id}': {
    scope: 'by-id',
    calls: (rows, caller) => [
      { params: { id: rows.locationId }, body: locationBody(caller, caller.mapId) },
      // a new location on another owner's map, and one's own location moved onto it
      { params: { id: 0 }, body: locationBody(caller, rows.mapId) },
      { params: { id: caller.locationId }, body: locationBody(caller, rows.mapId) },
    ],
  },
  'DELETE /api/locations/{id}': byId((rows) => ({ params: { id: rows.locationId } })),
  // with no geocoder set, the place search reads the caller's own saved locations: another owner's titles by their marker
  'POST /api/google/places': bySession((rows) => ({ body: { text: rows.marker } }), 'shows-marker'),

  'POST /api/subscription/get/{page}': bySession(
    () => ({ params: { page: 1 }, body: keywords }),
    'shows-marker',
  ),
  // another owner's channel, and another owner's command as one's own channel's related command
  'POST /api/subscription/save/{id}': {
    scope: 'by-id',
    calls: (rows, caller) => [
      {
        params: { id: rows.subscriptionId },
        body: { sc_title: `${caller.marker} renamed`, white_domains: [] },
      },
      {
        params: { id: caller.subscriptionId },
        body: { sc_title: `${caller.marker} renamed`, sc_command_id: rows.commandId },
      },
    ],
  },
  'POST /api/subscription/delete/{id}': byId((rows) => ({ params: { id: rows.subscriptionId } })),
  'POST /api/subscription/regenerate_key/{id}': byId((rows) => ({ params: { id: rows.subscriptionId } })),
  'GET /api/subscription/browse/{channel_id}': byId(
    (rows) => ({ params: { channel_id: rows.subscriptionId } }),
    'shows-marker',
  ),
  'GET /api/subscription/browse/{channel_id}/{command_id}': byId(
    (rows) => ({ params: { channel_id: rows.subscriptionId, command_id: rows.commandId } }),
    'shows-marker',
  ),
  'POST /api/subscription/count_subscribers': byId((rows) => ({
    body: { channel_id: rows.subscriptionId, vars: [], platform: null },
  })),
  'POST /api/subscription/send_to_subscribers': byId((rows) => ({
    body: {
      channel_id: rows.subscriptionId,
      data: { type: 'text', title: 'news', redirect_type: 'web_wedgit' },
      values: [],
      platform: null,
      sub_count: 1,
    },
  })),
  'GET /api/stream_fetch/subscription/{channel_id}': byId((rows) => ({
    params: { channel_id: rows.subscriptionId },
  })),
  'POST /api/send_to_subscribers_from_api': publicCall(
    "authorised by a channel's api key, not a session: a wrong key, a foreign origin and a malformed notification are refused (subscriptions.test.ts)",
  ),
  'GET /api/shopping_cart/orders/{menuId}': byId(
    (rows) => ({ params: { menuId: rows.menuId } }),
    'shows-marker',
  ),
  'POST /api/shopping_cart/orders/{orderId}/confirm': byId((rows) => ({ params: { orderId: rows.orderId } })),
  'POST /api/shopping_cart/orders/{orderId}/delete': byId((rows) => ({ params: { orderId: rows.orderId } })),

  // the conversations of the owner's bot: a sender handed over, a not-understood group
  'GET /api/conversations': bySession(() => ({}), 'shows-marker'),
  'GET /api/conversations/{sender_key}/turns': byId(
    (rows) => ({ params: { sender_key: rows.senderKey } }),
    'shows-marker',
  ),
  'GET /api/conversations/{sender_key}/handoff': byId(
    (rows) => ({ params: { sender_key: rows.senderKey } }),
    'shows-marker',
  ),
  'POST /api/conversations/{sender_key}/reply': byId((rows) => ({
    params: { sender_key: rows.senderKey },
    body: { text: 'a reply' },
  })),
  'POST /api/conversations/{sender_key}/release': byId((rows) => ({
    params: { sender_key: rows.senderKey },
  })),
  'GET /api/inbox/not_understood': bySession(() => ({}), 'shows-marker'),
  'POST /api/inbox/not_understood/{id}/add_example': byId((rows) => ({
    params: { id: rows.inboxGroupId },
    body: { turn_id: rows.inboxTurnId, command_id: rows.commandId },
  })),
  'POST /api/inbox/not_understood/{id}/dismiss': byId((rows) => ({ params: { id: rows.inboxGroupId } })),
  // the transcript's corrections: the turn and the command picked must both be the caller's
  'POST /api/conversations/{sender_key}/turns/{turn_id}/correct': byId((rows, caller) => ({
    params: { sender_key: rows.senderKey, turn_id: rows.matchedTurnId },
    body: { command_id: caller.commandId },
  })),
  'POST /api/conversations/{sender_key}/turns/{turn_id}/not_for_bot': byId((rows) => ({
    params: { sender_key: rows.senderKey, turn_id: rows.matchedTurnId },
  })),
  'GET /api/nlu/quality': bySession(() => ({}), 'without-marker'),
  'GET /api/inbox/waiting': bySession(() => ({}), 'without-marker'),
  'GET /api/user/traffic': bySession(() => ({ query: { period: 'month' } }), 'without-marker'),
  'GET /api/user/secret_resets': bySession(() => ({}), 'without-marker'),
  'POST /api/user/secret_resets/dismiss': bySession(() => ({})),
  'GET /api/stream_fetch/inbox': bySession(() => ({})),
  'POST /api/hooks/chatwoot/{key}': publicCall(
    "authorised by the owner's secret key in its address, not a session: a wrong key is refused (handoff-chatwoot.test.ts)",
  ),

  // the caller's own test sender only; a postback naming another owner's command must not run it
  'POST /api/test_chat/send': bySession((rows) => ({
    body: { event: { type: 'postback', payload: `cmd:${rows.commandId}`, label: 'start' } },
  })),
  'POST /api/test_chat/reset': bySession(() => ({ body: {} })),
  'GET /api/test_chat/history': bySession(() => ({}), 'without-marker'),

  'GET /api/data_sources': {
    scope: 'by-session',
    calls: (rows): FixtureCall[] => [{ query: { page: 1, search: rows.marker } }, { query: { all: '' } }],
    read: 'shows-marker',
  },
  'GET /api/data_sources/browse/{id}': byId(
    (rows) => ({ params: { id: rows.dataSourceId } }),
    'shows-marker',
  ),
  // a rename: the stored connection is kept, so the owner's own call succeeds without connecting
  'POST /api/data_sources/save/{id}': byId((rows, caller) => ({
    params: { id: rows.dataSourceId },
    body: {
      name: uniqueOf(caller, 'datasource'),
      driver: 'MYSQL',
      host: '127.0.0.1',
      dbname: 'test',
      username: 'root',
    },
  })),
  'PATCH /api/data_sources/change_status/{id}': byId((rows) => ({ params: { id: rows.dataSourceId } })),
  'DELETE /api/data_sources/{id}': byId((rows) => ({ params: { id: rows.dataSourceId } })),
  // the owner's own call answers status 0 (the guard refuses 127.0.0.1 here), another owner's id a 404
  'POST /api/data_sources/get_tables_name': byId((rows) => ({ body: { data_source_id: rows.dataSourceId } })),

  'GET /widget/api/{bot}/settings': publicCall("public: the messenger's settings, by the bot's public token"),
  'POST /widget/api/{bot}/messages': publicCall(
    "public: by the bot's public token; senders are kept apart per bot (widget-api.test.ts)",
  ),
  'GET /widget/api/{bot}/history': publicCall(
    "public: a sender's own history by the bot's public token and the sender's random id, or a site's id with its sender_hash under identity verification (widget-api.test.ts, identity-verification.test.ts)",
  ),
  'POST /widget/api/{bot}/senders': publicCall(
    "public: draws a new random sender id, signed with the bot's identity secret when verification is on (identity-verification.test.ts)",
  ),
  'POST /widget/api/{bot}/transcribe': publicCall(
    "public: a recording to text with the bot's own speech service, by the bot's public token; no stored data is read (transcribe.test.ts)",
  ),
  'GET /widget/api/{bot}/notices': publicCall(
    "public: a sender's own notices by the bot's public token and the sender's random id (shopping-cart-response.test.ts)",
  ),
};

function textReply(caller: OwnerWorld) {
  return { resp_type: 'text', resp_text: `${caller.marker} text` };
}

function variableBody(caller: OwnerWorld) {
  return { var_name: uniqueOf(caller, 'var'), var_type: 'text', var_val_text: 'value' };
}

function locationBody(caller: OwnerWorld, mapId: number) {
  return { title: uniqueOf(caller, 'location'), x: 3.25, y: -4.5, yaw: 180, map_id: mapId };
}
