import './styles.css';
import { createApiClient } from './api-client.ts';
import { startMessenger } from './messenger.ts';

const params = new URLSearchParams(window.location.search);
const bot = params.get('bot') ?? '';
const root = document.getElementById('app');

if (root) {
  void startMessenger(root, {
    window,
    api: createApiClient({ widgetBase: new URL('.', window.location.href).href, bot }),
    bot,
    locale: params.get('locale'),
    senderParam: params.get('sender'),
    isEmbedded: params.get('embed') === '1',
  });
}
