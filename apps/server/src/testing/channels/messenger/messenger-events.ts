/** Messenger webhook bodies exactly as Meta posts them (`object: 'page'`, one entry per page), for tests. */

/** A fixed time (ms) so events built in a test compare equal; each builder may shift it. */
const EVENT_TIME = 1_700_000_000_000;

export interface MessagingEvent {
  sender: { id: string };
  recipient: { id: string };
  timestamp: number;
  [kind: string]: unknown;
}

function eventOf(pageId: string, psid: string, at: number, content: Record<string, unknown>): MessagingEvent {
  return { sender: { id: psid }, recipient: { id: pageId }, timestamp: EVENT_TIME + at, ...content };
}

export function textEvent(pageId: string, psid: string, mid: string, text: string, at = 0): MessagingEvent {
  return eventOf(pageId, psid, at, { message: { mid, text } });
}

/** A tapped quick reply: its title as the text, its payload beside it. */
export function quickReplyEvent(
  pageId: string,
  psid: string,
  mid: string,
  title: string,
  payload: string,
  at = 0,
) {
  return eventOf(pageId, psid, at, { message: { mid, text: title, quick_reply: { payload } } });
}

/** A template button, the get-started button or a persistent menu item. */
export function postbackEvent(pageId: string, psid: string, title: string, payload: string, at = 0) {
  return eventOf(pageId, psid, at, { postback: { title, payload, mid: `m_pb_${psid}_${at}` } });
}

export function locationEvent(pageId: string, psid: string, mid: string, lat: number, long: number, at = 0) {
  return eventOf(pageId, psid, at, {
    message: {
      mid,
      attachments: [
        {
          type: 'location',
          title: 'Pinned Location',
          url: `https://www.google.com/maps/search/?api=1&query=${lat},${long}`,
          payload: { coordinates: { lat, long } },
        },
      ],
    },
  });
}

/** A photo, sticker (an image with its sticker_id), voice clip, video or file sent without text. */
export function attachmentEvent(
  pageId: string,
  psid: string,
  mid: string,
  kind: 'image' | 'sticker' | 'audio' | 'video' | 'file',
  at = 0,
) {
  const url = `https://scontent.xx.fbcdn.net/v/t1.15752-9/${mid}.bin`;
  const attachment =
    kind === 'sticker'
      ? { type: 'image', payload: { url, sticker_id: 369239263222822 } }
      : { type: kind, payload: { url } };
  return eventOf(pageId, psid, at, {
    message: { mid, attachments: [attachment], ...(kind === 'sticker' && { sticker_id: 369239263222822 }) },
  });
}

/** The page's own message echoed back (the page sent it): the bot must not answer it. */
export function echoEvent(pageId: string, psid: string, mid: string, text: string, at = 0): MessagingEvent {
  return {
    sender: { id: pageId },
    recipient: { id: psid },
    timestamp: EVENT_TIME + at,
    message: { mid, text, is_echo: true, app_id: 1517776481860111 },
  };
}

export function deliveryEvent(pageId: string, psid: string, mids: string[], at = 0): MessagingEvent {
  return eventOf(pageId, psid, at, { delivery: { mids, watermark: EVENT_TIME + at } });
}

export function readEvent(pageId: string, psid: string, at = 0): MessagingEvent {
  return eventOf(pageId, psid, at, { read: { watermark: EVENT_TIME + at } });
}

/** The body Meta posts: one entry for the page, its messaging events in order. */
export function webhookBody(pageId: string, events: MessagingEvent[]) {
  return { object: 'page', entry: [{ id: pageId, time: EVENT_TIME, messaging: events }] };
}
