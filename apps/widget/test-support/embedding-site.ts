import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Test support for the widget's browser tests (e2e/tests/widget*.e2e.ts): a site on another origin that pastes
 * the embed snippet, and a reply of every bot message type.
 */

const svg = (body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">${body}</svg>`;
const images: Record<string, string> = {
  '/logo.svg': svg(
    '<rect width="64" height="64" rx="12" fill="#fff"/><circle cx="32" cy="32" r="18" fill="#f59e0b"/>',
  ),
  '/avatar.svg': svg(
    '<rect width="64" height="64" fill="#fde68a"/><circle cx="32" cy="26" r="12" fill="#92400e"/><rect x="14" y="42" width="36" height="22" rx="11" fill="#92400e"/>',
  ),
  '/dish.svg': svg(
    '<rect width="64" height="64" fill="#fef3c7"/><ellipse cx="32" cy="36" rx="22" ry="12" fill="#d97706"/>',
  ),
};

/** Another site (another origin) that pasted the embed snippet, with CSS hostile to widgets, and some images. */
export interface HostSite {
  url: string;
  embedCode: string;
  close(): void;
}

/** The snippet as the page's author fills it: the locale, and a signed-in visitor's id and its signature. */
function hostPage(embedCode: string, address: URL): string {
  const locale = address.searchParams.get('locale') ?? 'en';
  const visitor = ['sender', 'sender_hash']
    .filter((name) => address.searchParams.has(name))
    .map((name) => ` data-${name.replace('_', '-')}="${address.searchParams.get(name)?.replace(/\W/g, '')}"`)
    .join('');
  const snippet = embedCode.replace('LOCALE', locale).replace('<script ', `<script${visitor} `);
  return `<!doctype html><html><head><meta charset="utf-8"><title>Sunrise Café</title>
<style>body{font-family:Georgia,serif;background:#fdf6e3;margin:40px}button{background:red!important;width:10px!important}
iframe{border:6px solid red!important}</style></head>
<body><h1>Sunrise Café</h1><p>Fresh bread and coffee since 1998.</p>${snippet}</body></html>`;
}

/**
 * Serves the host page at / (`?locale=` fills the snippet's LOCALE; `?sender=&sender_hash=` add the signed-in
 * visitor's `data-sender` and `data-sender-hash`) and a few images, on localhost.
 */
export async function startHostSite(): Promise<HostSite> {
  const site = { url: '', embedCode: '', close: () => server.close() };
  const server = createServer((request, response) => {
    const address = new URL(request.url ?? '/', 'http://host');
    const image = images[address.pathname];
    if (image) {
      response.writeHead(200, { 'content-type': 'image/svg+xml' }).end(image);
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(hostPage(site.embedCode, address));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // localhost, not 127.0.0.1: the host page is another site than the Hiwar server, as on the web
  site.url = `http://localhost:${(server.address() as AddressInfo).port}`;
  return site;
}

/** One reply of every type the runtime may send, with markup where only text belongs. */
export function everyMessageType(hostUrl: string) {
  return [
    { type: 'text', text: "Today's specials <b>(not bold)</b>:" },
    {
      type: 'cards',
      cards: [
        {
          title: 'Shakshuka',
          subtitle: 'Eggs in spiced tomato sauce',
          media: `${hostUrl}/dish.svg`,
          buttons: [
            { label: 'Order', type: 'postback', value: 'order shakshuka' },
            { label: 'Recipe', type: 'url', value: 'https://example.com/shakshuka' },
          ],
        },
        {
          title: 'Ful medames',
          subtitle: 'Fava beans, cumin, lemon',
          media: '',
          buttons: [{ label: 'Order', type: 'postback', value: 'order ful' }],
        },
      ],
    },
    {
      type: 'quick_replies',
      text: 'Anything to drink?',
      replies: [
        { label: 'Mint tea', payload: 'tea' },
        { label: 'Coffee', payload: 'coffee' },
      ],
    },
    { type: 'image', url: `${hostUrl}/dish.svg` },
    { type: 'location', locations: [{ title: 'Sunrise Café, Zamalek', lat: 30.0626, lng: 31.2197 }] },
    {
      type: 'advert',
      html: '<div style="font:14px sans-serif;padding:10px;background:#ecfeff">Two coffees for one until noon! <a href="https://example.com/offer" target="_blank">See the offer</a></div><script>document.body.textContent = "script ran"</script>',
    },
  ];
}
