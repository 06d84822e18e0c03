import type { BotMessage } from '@hiwar/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../lib/auth-token.ts';
import { currentPath, renderApp } from '../../test/render-app.tsx';
import {
  askedFor,
  conversationRow,
  handoffOf,
  inboxServer,
  inboxState,
  postedTo,
  stubInboxFetch,
  turnOf,
} from './conversations.test-support.ts';

afterEach(() => vi.unstubAllGlobals());

const sender = conversationRow('web:11', { name: 'Rania' });

const cards: BotMessage = {
  type: 'cards',
  cards: [
    {
      title: 'Margherita',
      subtitle: 'Tomato and basil',
      media: '',
      buttons: [{ label: 'Order', type: 'postback', value: 'cmd:7' }],
    },
  ],
};
const quickReplies: BotMessage = {
  type: 'quick_replies',
  text: 'Which size?',
  replies: [
    { label: 'Large', payload: 'large' },
    { label: 'Small', payload: 'small' },
  ],
};
const receipt: BotMessage = {
  type: 'receipt',
  items: [{ title: 'Margherita', quantity: 2, price: 1250.5 }],
  subtotal: 2501,
  tax: 0,
  shipping: 20,
  total: 2521,
  currency: 'EGP',
  payment_method: 'cash',
  order_number: '1042',
  text: 'Receipt #1042 …',
};

function transcriptState() {
  return inboxState({
    conversations: [sender],
    transcripts: {
      'web:11': [
        {
          data: [
            turnOf(10, 'show me pizzas', { replies: [cards] }),
            turnOf(11, 'margherita', { replies: [quickReplies] }),
            turnOf(12, 'large', {
              event: { type: 'postback', payload: 'large', label: 'Large' },
              replies: [receipt],
            }),
            turnOf(13, 'tell me a joke', {
              command_id: null,
              command_name: null,
              score: null,
              not_understood: true,
              replies: [{ type: 'text', text: 'Sorry, I did not get that' }],
            }),
          ],
          notices: [
            {
              id: 3,
              at: '2026-11-26T10:12:30.000Z',
              message: { type: 'text', text: 'Your order is on its way' },
            },
          ],
        },
        { data: [turnOf(2, 'hello there')] },
      ],
    },
  });
}

describe('transcript', () => {
  it('shows each turn as the sender saw it: cards, quick replies, a receipt, the matched command or "Not understood"', async () => {
    setToken('t');
    stubInboxFetch(inboxServer(transcriptState()));
    renderApp('/conversations/web%3A11');
    expect(await screen.findByRole('heading', { name: 'Rania' })).toBeDefined();
    expect(screen.getByText('Sender id 11 · messages from the customer: 5')).toBeDefined();

    const first = await screen.findByTestId('turn-10');
    expect(within(first).getByTestId('sender-message').textContent).toBe('show me pizzas');
    expect(within(first).getByTestId('reply-cards')).toBeDefined();
    expect(within(first).getByText('Margherita')).toBeDefined();
    expect(within(first).getByText('Order')).toBeDefined();
    expect(within(first).getByTestId('matched-command').textContent).toBe('order_pizza · 0.812');

    const second = screen.getByTestId('turn-11');
    expect(within(second).getByText('Which size?')).toBeDefined();
    expect(within(second).getByText('Large')).toBeDefined();
    expect(within(second).getByText('Small')).toBeDefined();

    const third = screen.getByTestId('turn-12');
    expect(within(third).getByTestId('sender-message').textContent).toBe('Large');
    const drawn = within(third).getByTestId('receipt');
    expect(within(drawn).getByText('Receipt')).toBeDefined();
    expect(within(drawn).getByText('#1042')).toBeDefined();
    expect(within(drawn).getByText('2 × 1,250.50 EGP')).toBeDefined();
    expect(within(drawn).getByText('2,521.00 EGP')).toBeDefined();
    expect(within(drawn).getByText('Cash')).toBeDefined();

    const fourth = screen.getByTestId('turn-13');
    expect(within(fourth).getByTestId('not-understood').textContent).toBe('Not understood');
    expect(within(fourth).queryByTestId('matched-command')).toBeNull();

    // the notice sits between the turns by time
    const order = [
      ...screen
        .getByTestId('transcript')
        .querySelectorAll('[data-testid^="turn-"], [data-testid^="notice-"]'),
    ].map((element) => element.getAttribute('data-testid'));
    expect(order).toEqual(['turn-10', 'turn-11', 'turn-12', 'notice-3', 'turn-13']);
  });

  it('opens at the newest message and names the sender in the breadcrumb, with one request for both', async () => {
    setToken('t');
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
    const { fetchStub } = stubInboxFetch(inboxServer(transcriptState()));
    renderApp('/conversations/web%3A11');
    await screen.findByTestId('turn-13');
    await waitFor(() => expect(scrolled.mock.contexts).toContain(screen.getByTestId('transcript-end')));
    const crumbs = screen.getByTestId('breadcrumbs');
    await waitFor(() => expect(within(crumbs).getByText('Rania')).toBeDefined());
    expect(within(crumbs).queryByText('web:11')).toBeNull();
    expect(askedFor(fetchStub, '/conversations/web%3A11/turns')).toEqual([
      '/conversations/web%3A11/turns?page=1',
    ]);

    // loading earlier messages keeps the place: no jump back to the newest
    scrolled.mockClear();
    fireEvent.click(screen.getByRole('button', { name: 'Earlier messages' }));
    expect(await screen.findByTestId('turn-2')).toBeDefined();
    expect(scrolled).not.toHaveBeenCalled();
    scrolled.mockRestore();
  });

  it('opens a turn’s trace on demand', async () => {
    setToken('t');
    stubInboxFetch(inboxServer(transcriptState()));
    renderApp('/conversations/web%3A11');
    const turn = await screen.findByTestId('turn-10');
    fireEvent.click(within(turn).getByRole('button', { name: 'Trace' }));
    const trace = await within(turn).findByTestId('trace-table');
    expect(within(trace).getByText('understanding')).toBeDefined();
    expect(within(trace).getByText('1.5 ms')).toBeDefined();
  });

  it('says under a Telegram turn’s replies whether they are waiting for the platform, delivered or refused', async () => {
    setToken('t');
    const telegram = conversationRow('telegram:77', { name: 'Omar' });
    const inAMinute = new Date(Date.now() + 90_000).toISOString();
    const reply: BotMessage = { type: 'text', text: 'We open at nine.' };
    const state = inboxState({
      conversations: [telegram],
      transcripts: {
        'telegram:77': [
          {
            data: [
              turnOf(20, 'hours?', {
                replies: [reply],
                delivery: { status: 'delivered', attempts: 4, next_at: inAMinute, error: null },
              }),
              turnOf(21, 'address?', {
                replies: [reply],
                delivery: { status: 'refused', attempts: 1, next_at: inAMinute, error: 'bot was blocked' },
              }),
              turnOf(22, 'menu?', {
                replies: [reply],
                delivery: {
                  status: 'pending',
                  attempts: 3,
                  next_at: inAMinute,
                  error: '500 Internal Server Error',
                },
              }),
              turnOf(23, 'photos?', {
                replies: [reply, reply],
                delivery: {
                  status: 'delivered',
                  attempts: 1,
                  next_at: inAMinute,
                  error: 'wrong file identifier',
                  refused_parts: 1,
                },
              }),
              turnOf(24, 'again?', {
                replies: [reply],
                delivery: {
                  status: 'unanswered',
                  attempts: 2,
                  next_at: inAMinute,
                  error: 'no answer in 30 s',
                },
              }),
              turnOf(25, '', {
                event: { type: 'media', kind: 'voice' },
                command_id: null,
                replies: [{ type: 'text', text: 'I can only read text messages for now.' }],
              }),
            ],
          },
        ],
      },
    });
    stubInboxFetch(inboxServer(state));
    renderApp('/conversations/telegram%3A77');
    const line = async (turnId: number) =>
      within(await screen.findByTestId(`turn-${turnId}`)).getByTestId('delivery').textContent;
    await screen.findByTestId('turn-25');
    expect(await line(20)).toBe('Delivered to Telegram after 4 tries');
    expect(await line(21)).toBe('Not delivered: Telegram refused it (bot was blocked)');
    expect(await line(22)).toMatch(/^Waiting for Telegram: try 4 in (89|90) seconds$/);
    expect(await line(23)).toBe(
      'Telegram refused 1 of the messages (wrong file identifier); the others were delivered',
    );
    expect(within(await screen.findByTestId('turn-25')).getByTestId('sender-media').textContent).toBe(
      'A voice message',
    );
    expect(await line(24)).toBe(
      'Maybe delivered: Telegram gave no answer twice, so it was not sent a third time (no answer in 30 s)',
    );
  });

  it('loads earlier messages page by page, above the newer ones', async () => {
    setToken('t');
    const { fetchStub } = stubInboxFetch(inboxServer(transcriptState()));
    renderApp('/conversations/web%3A11');
    await screen.findByTestId('turn-10');
    expect(screen.queryByTestId('turn-2')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Earlier messages' }));
    expect(await screen.findByTestId('turn-2')).toBeDefined();
    expect(askedFor(fetchStub, '/conversations/web%3A11/turns')).toEqual([
      '/conversations/web%3A11/turns?page=1',
      '/conversations/web%3A11/turns?page=2',
    ]);
    const turns = [...screen.getByTestId('transcript').querySelectorAll('[data-testid^="turn-"]')];
    expect(turns[0]?.getAttribute('data-testid')).toBe('turn-2');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Earlier messages' })).toBeNull());
  });

  it('shows a new turn the stream reports without a reload', async () => {
    setToken('t');
    const state = transcriptState();
    const { emit } = stubInboxFetch(inboxServer(state));
    renderApp('/conversations/web%3A11');
    await screen.findByTestId('turn-13');
    state.transcripts['web:11']?.[0]?.data.push(turnOf(14, 'one more thing'));
    emit('turn', { sender_key: 'web:11' });
    expect(await screen.findByTestId('turn-14')).toBeDefined();
  });

  it('goes back to the list for a conversation that is not the owner’s', async () => {
    setToken('t');
    stubInboxFetch(inboxServer(transcriptState()));
    const { router } = renderApp('/conversations/web%3A99');
    await waitFor(() => expect(currentPath(router)).toBe('/conversations'));
  });
});

describe('hand-over', () => {
  it('shows the banner with the department and expiry, sends the owner’s answer and gives the conversation back', async () => {
    setToken('t');
    const state = transcriptState();
    state.handoffs['web:11'] = handoffOf();
    const { fetchStub } = stubInboxFetch(inboxServer(state));
    renderApp('/conversations/web%3A11');
    const banner = await screen.findByTestId('handoff-banner');
    expect(within(banner).getByText('Waiting for a person')).toBeDefined();
    expect(within(banner).getByText(/Department: Sales\. It answers again at/)).toBeDefined();

    fireEvent.click(within(banner).getByRole('button', { name: 'Send' }));
    expect(await within(banner).findByText('The text field is required')).toBeDefined();
    expect(postedTo(fetchStub, '/conversations/web%3A11/reply')).toEqual([]);

    fireEvent.change(within(banner).getByLabelText('Your answer'), {
      target: { value: ' It is on its way ' },
    });
    fireEvent.click(within(banner).getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(postedTo(fetchStub, '/conversations/web%3A11/reply')).toEqual([{ text: 'It is on its way' }]),
    );
    expect(await screen.findByText('The reply was sent')).toBeDefined();
    expect(await screen.findByText('You are answering this conversation')).toBeDefined();

    fireEvent.click(screen.getByRole('button', { name: 'Give back to the bot' }));
    await waitFor(() => expect(postedTo(fetchStub, '/conversations/web%3A11/release')).toHaveLength(1));
    expect(await screen.findByText('The conversation was given back to the bot')).toBeDefined();
    await waitFor(() => expect(screen.queryByTestId('handoff-banner')).toBeNull());
  });

  it('shows the hand-over the stream reports, in Arabic, and the server’s refusal of a reply', async () => {
    setToken('t');
    const state = transcriptState();
    const { emit } = stubInboxFetch(
      inboxServer(state, (_method, path) =>
        path.endsWith('/reply')
          ? { status: 409, json: { status: 0, msg: 'This conversation is not waiting for a person' } }
          : undefined,
      ),
    );
    renderApp('/conversations/web%3A11', 'ar');
    await screen.findByTestId('turn-13');
    expect(screen.queryByTestId('handoff-banner')).toBeNull();
    state.handoffs['web:11'] = handoffOf({ department_name: null });
    emit('handoff', { sender_key: 'web:11', status: 'waiting' });
    const banner = await screen.findByTestId('handoff-banner');
    expect(within(banner).getByText(/القسم: أي قسم/)).toBeDefined();
    expect(await screen.findByText('محادثة بانتظار شخص')).toBeDefined();
    fireEvent.change(within(banner).getByLabelText('ردّك'), { target: { value: 'مرحبا' } });
    fireEvent.click(within(banner).getByRole('button', { name: 'إرسال' }));
    expect(await screen.findByText('هذه المحادثة ليست بانتظار شخص')).toBeDefined();
  });
});

describe('corrections', () => {
  const correctPath = '/conversations/web%3A11/turns/10/correct';
  const notForBotPath = '/conversations/web%3A11/turns/11/not_for_bot';

  it('offers "Wrong command?" on the turns a command answered: the right command, or not for this bot', async () => {
    setToken('t');
    const { fetchStub } = stubInboxFetch(
      inboxServer(transcriptState(), (method, path) => {
        if (method === 'POST' && path === correctPath)
          return {
            json: {
              status: 1,
              msg: 'The message is now an example of the command',
              data: { example_id: 90, command_id: 9 },
            },
          };
        if (method === 'POST' && path === notForBotPath)
          return {
            json: {
              status: 1,
              msg: 'The bot will not answer messages like this one',
              data: { negative_id: 4, service_id: 2 },
            },
          };
        return undefined;
      }),
    );
    renderApp('/conversations/web%3A11');
    const first = await screen.findByTestId('turn-10');
    // a button pressed and a message not understood have nothing to correct
    expect(
      within(screen.getByTestId('turn-12')).queryByRole('button', { name: 'Wrong command?' }),
    ).toBeNull();
    expect(
      within(screen.getByTestId('turn-13')).queryByRole('button', { name: 'Wrong command?' }),
    ).toBeNull();

    fireEvent.click(within(first).getByRole('button', { name: 'Wrong command?' }));
    fireEvent.click(await screen.findByRole('combobox', { name: 'The right command' }));
    // the command that answered is not offered as the right one
    expect(await screen.findByRole('option', { name: 'opening_hours' })).toBeDefined();
    expect(screen.queryByRole('option', { name: 'order_pizza' })).toBeNull();
    fireEvent.click(screen.getByRole('option', { name: 'opening_hours' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add as its example' }));
    await waitFor(() => expect(postedTo(fetchStub, correctPath)).toEqual([{ command_id: 9 }]));
    expect(await screen.findByText('The message is now an example of the command')).toBeDefined();
    expect((await within(first).findByTestId('turn-corrected')).textContent).toBe(
      'Now an example of opening_hours',
    );

    const second = screen.getByTestId('turn-11');
    fireEvent.click(within(second).getByRole('button', { name: 'Wrong command?' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Not for this bot' }));
    await waitFor(() => expect(postedTo(fetchStub, notForBotPath)).toHaveLength(1));
    expect(await screen.findByText('The bot will not answer messages like this one')).toBeDefined();
    expect((await within(second).findByTestId('turn-corrected')).textContent).toBe('Not for this bot');
  });

  it('says in Arabic why a correction was refused', async () => {
    setToken('t');
    stubInboxFetch(
      inboxServer(transcriptState(), (method, path) =>
        method === 'POST' && path === notForBotPath
          ? {
              status: 422,
              json: {
                status: 0,
                msg: 'This message is an example of a command; remove that example first',
                errors: { turn_id: ['This message is an example of a command; remove that example first'] },
              },
            }
          : undefined,
      ),
    );
    renderApp('/conversations/web%3A11', 'ar');
    const second = await screen.findByTestId('turn-11');
    fireEvent.click(within(second).getByRole('button', { name: 'أمر خاطئ؟' }));
    fireEvent.click(await screen.findByRole('button', { name: 'ليست لهذا البوت' }));
    expect(await screen.findByText('هذه الرسالة مثال لأحد الأوامر؛ احذف ذلك المثال أولاً')).toBeDefined();
    expect(within(second).queryByTestId('turn-corrected')).toBeNull();
  });
});
