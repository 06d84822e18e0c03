/** Google Chat interaction events as Google posts them to a Chat app's HTTP endpoint, for tests. */

export interface EventUser {
  name?: string;
  displayName?: string;
  email?: string;
  locale?: string;
}

/** A fixed time so events built in a test compare equal (a redelivery is the same event). */
const EVENT_TIME = '2026-03-01T10:00:00.000000Z';

function userOf(space: string, user: EventUser = {}) {
  const id = user.name ?? `users/1${space.replace(/\D/g, '').padEnd(20, '0').slice(0, 20)}`;
  return {
    name: id,
    displayName: user.displayName ?? 'Test User',
    avatarUrl: 'https://lh3.googleusercontent.com/a/default-user',
    email: user.email ?? 'test.user@example.com',
    type: 'HUMAN',
    domainId: 'c0ffee',
  };
}

function spaceOf(space: string) {
  return {
    name: space,
    type: 'DM',
    spaceType: 'DIRECT_MESSAGE',
    singleUserBotDm: true,
    spaceThreadingState: 'UNTHREADED_MESSAGES',
  };
}

function commonOf(user: EventUser) {
  return {
    userLocale: user.locale ?? 'en',
    hostApp: 'CHAT',
    timeZone: { id: 'Africa/Cairo', offset: 7200000 },
  };
}

/** A message a person sent the app in a direct message (`argumentText` is the text without the @mention). */
export function messageEvent(space: string, messageId: string, text: string, user: EventUser = {}) {
  const sender = userOf(space, user);
  const name = `${space}/messages/${messageId}`;
  return {
    type: 'MESSAGE',
    eventTime: EVENT_TIME,
    message: {
      name,
      sender,
      createTime: EVENT_TIME,
      text,
      argumentText: text,
      thread: { name: `${space}/threads/${messageId}` },
      space: spaceOf(space),
    },
    space: spaceOf(space),
    user: sender,
    common: commonOf(user),
  };
}

/** The same event in a space shared by several people (a named space, where only mentions reach the app). */
export function inSharedSpace<Event extends { space: object; message?: { space: object } }>(
  event: Event,
): Event {
  const shared = { type: 'ROOM', spaceType: 'SPACE', singleUserBotDm: false, displayName: 'Team' };
  return {
    ...event,
    space: { ...event.space, ...shared },
    ...(event.message && { message: { ...event.message, space: { ...event.message.space, ...shared } } }),
  };
}

/** A file the user attached without text (uploaded content: an image, unless told). */
export function attachmentEvent(
  space: string,
  messageId: string,
  contentType = 'image/png',
  user: EventUser = {},
) {
  const event = messageEvent(space, messageId, '', user);
  const attachment = {
    name: `${space}/messages/${messageId}/attachments/AATUf`,
    contentName: 'photo.png',
    contentType,
    attachmentDataRef: { resourceName: `${space}/attachments/AATUf` },
    source: 'UPLOADED_CONTENT',
  };
  const { argumentText: _argument, ...message } = event.message;
  return { ...event, message: { ...message, attachment: [attachment] } };
}

/** A click on a card's button whose `onClick.action` named `function` with these parameters. */
export function cardClickedEvent(
  space: string,
  messageId: string,
  action: { function: string; parameters: Record<string, string> },
  user: EventUser = {},
) {
  const clicker = userOf(space, user);
  return {
    type: 'CARD_CLICKED',
    eventTime: EVENT_TIME,
    message: {
      name: `${space}/messages/${messageId}`,
      sender: { name: 'users/app', displayName: 'Hiwar Bot', type: 'BOT' },
      createTime: EVENT_TIME,
      space: spaceOf(space),
    },
    space: spaceOf(space),
    user: clicker,
    action: {
      actionMethodName: action.function,
      parameters: Object.entries(action.parameters).map(([key, value]) => ({ key, value })),
    },
    common: { ...commonOf(user), invokedFunction: action.function, parameters: action.parameters },
  };
}

export function addedToSpaceEvent(space: string, user: EventUser = {}) {
  return {
    type: 'ADDED_TO_SPACE',
    eventTime: EVENT_TIME,
    space: spaceOf(space),
    user: userOf(space, user),
    common: commonOf(user),
  };
}

export function removedFromSpaceEvent(space: string, user: EventUser = {}) {
  return {
    type: 'REMOVED_FROM_SPACE',
    eventTime: EVENT_TIME,
    space: spaceOf(space),
    user: userOf(space, user),
  };
}
