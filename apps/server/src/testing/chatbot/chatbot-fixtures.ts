import { defaultChatbotSettings, type SaveChatbotInput } from '@hiwar/contracts';

/** A complete, valid record that exercises every part of the settings: menus, options, channels, voice. */
export function fullChatbotRecord(): SaveChatbotInput {
  const record = defaultChatbotSettings();
  return {
    ...record,
    chatbot_name: 'Pizza bot',
    chatbot_description: 'Orders and opening hours',
    chatbot_fallback_type: 'options',
    chatbot_fallback_msg: 'Did you mean one of these?',
    chatbot_fallback_options: [
      { label: 'Menu', val: 'show menu' },
      { label: 'Hours', val: 'opening hours' },
    ],
    chatbot_start_button_status: 1,
    chatbot_parser: { ar: 'embedding', en: 'default', de: 'embedding' },
    chatbot_persistent_menus: [
      {
        locale: 'default',
        composer_input_disabled: true,
        call_to_actions: [
          {
            title: 'Order',
            type: 'nested',
            emoji: '🍕',
            payload: '',
            url: '',
            webview_height_ratio: 'full',
            call_to_actions: [
              {
                title: 'Sizes',
                type: 'nested',
                emoji: '',
                payload: '',
                url: '',
                webview_height_ratio: 'full',
                call_to_actions: [
                  { ...leaf('Small'), type: 'postback', payload: 'size small' },
                  { ...leaf('Site'), type: 'web_url', url: 'https://pizza.example.com/sizes' },
                ],
              },
              { ...leaf('Track'), type: 'postback', payload: 'track order' },
            ],
          },
          {
            ...leaf('Website'),
            type: 'web_url',
            url: 'https://pizza.example.com',
            webview_height_ratio: 'tall',
          },
        ],
      },
    ],
    apps: {
      facebook: [
        {
          chatbot_app_status: 1,
          chatbot_app_credentials: {
            name: 'Pizza page',
            verify_token: 'fb-verify-secret',
            page_id: '1234567890',
            access_token: 'EAAB-page-access-token',
          },
        },
      ],
      telegram: {
        chatbot_app_status: 1,
        chatbot_app_credentials: { verify_token: 'tg-verify-secret', token: '123456:telegram-bot-token' },
      },
      whatsapp: {
        chatbot_app_status: 1,
        chatbot_app_credentials: {
          verify_token: 'wa-verify-secret',
          chatapi_url: 'https://api.chat-api.com/instance1',
          token: 'wa-instance-token',
          order_template: 'order_confirmed',
          order_template_lang: 'en_US',
        },
      },
      hangouts: {
        chatbot_app_status: 0,
        chatbot_app_credentials: { verify_token: '', credentials: '' },
      },
    },
    messenger_settings: {
      default_lang: 'ar',
      welcome_msg: 'أهلا! كيف أساعدك؟',
      logo: 'https://pizza.example.com/logo.png',
      avatar: 'https://pizza.example.com/avatar.png',
      main_color: '#aa3300',
      width: 420,
      height: 650,
      header_injector: '<meta name="pizza" content="yes">',
      voice: { status: 1, type: 'google', lang: 'en-US', credentials: '{"private_key":"speech-secret-key"}' },
    },
  };
}

function leaf(title: string) {
  return {
    title,
    type: 'postback' as const,
    emoji: '',
    payload: '',
    url: '',
    webview_height_ratio: 'full' as const,
    call_to_actions: [],
  };
}
