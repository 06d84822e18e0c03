import './styles.css';
import { createApiClient } from './api-client.ts';
import { startMessenger } from './messenger.ts';
import { startPreview } from './preview.ts';

const params = new URLSearchParams(window.location.search);
const bot = params.get('bot') ?? '';
const root = document.getElementById('app');
const widgetBase = new URL('.', window.location.href).href;

if (root && params.get('preview') === '1') {
  startPreview(root, window, widgetBase);
} else if (root) {
  void startMessenger(root, {
    window,
    api: createApiClient({ widgetBase, bot }),
    bot,
    locale: params.get('locale'),
    senderParam: params.get('sender'),
    senderHashParam: params.get('sender_hash'),
    isEmbedded: params.get('embed') === '1',
  });
}
