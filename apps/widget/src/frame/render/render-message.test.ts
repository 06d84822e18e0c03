import type { BotMessage } from '@hiwar/contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { strings } from '../i18n.ts';
import { ADVERT_SANDBOX } from './render-advert.ts';
import type { RenderContext } from './render-context.ts';
import { renderBotMessage } from './render-message.ts';

const hostile = '<img src=x onerror="alert(1)"><script>alert(2)</script>&amp;';

describe('rendering bot messages', () => {
  const sendPostback = vi.fn<RenderContext['sendPostback']>();
  const context: RenderContext = { strings: strings.en, sendPostback };
  beforeEach(() => {
    sendPostback.mockClear();
  });
  const render = (message: BotMessage) => {
    const node = renderBotMessage(message, context);
    if (!node) throw new Error('nothing rendered');
    document.body.replaceChildren(node);
    return node;
  };

  it('shows text as text: markup in bot text never becomes elements', () => {
    const node = render({ type: 'text', text: hostile });
    expect(node.textContent).toBe(hostile);
    expect(node.querySelector('img, script')).toBeNull();
  });

  it('escapes card titles, subtitles and button labels', () => {
    const node = render({
      type: 'cards',
      cards: [
        {
          title: hostile,
          subtitle: hostile,
          media: '',
          buttons: [{ label: hostile, type: 'postback', value: 'x' }],
        },
      ],
    });
    expect(node.querySelector('.card-title')?.textContent).toBe(hostile);
    expect(node.querySelector('.card-subtitle')?.textContent).toBe(hostile);
    expect(node.querySelector('script')).toBeNull();
    expect(node.querySelectorAll('img')).toHaveLength(0);
  });

  it('sends a postback card button and opens a url button in a new tab without an opener', () => {
    const node = render({
      type: 'cards',
      cards: [
        {
          title: 'Red shoes',
          subtitle: 'Size 42',
          media: 'https://shop.example.com/shoes.png',
          buttons: [
            { label: 'Buy', type: 'postback', value: 'cmd:12' },
            { label: 'Details', type: 'url', value: 'https://shop.example.com/shoes' },
            { label: 'Trap', type: 'url', value: 'javascript:alert(1)' },
          ],
        },
      ],
    });
    const buttons = node.querySelectorAll<HTMLElement>('.card-button');
    expect(buttons).toHaveLength(2);
    buttons[0]?.click();
    expect(sendPostback).toHaveBeenCalledWith('cmd:12', 'Buy');
    const link = buttons[1] as HTMLAnchorElement;
    expect(link.href).toBe('https://shop.example.com/shoes');
    expect(link.target).toBe('_blank');
    expect(link.rel).toContain('noopener');
    expect(node.querySelector('img')?.getAttribute('src')).toBe('https://shop.example.com/shoes.png');
  });

  it('sends the payload of a chosen quick reply with its label', () => {
    const node = render({
      type: 'quick_replies',
      text: 'Which size?',
      replies: [
        { label: 'Small', payload: 'size small' },
        { label: 'Large', payload: 'cmd:7' },
      ],
    });
    expect(node.querySelector('.bot-bubble')?.textContent).toBe('Which size?');
    // a text of the other direction (an Arabic answer in an English messenger) reads and aligns as written
    expect(node.querySelector('.bot-bubble')?.getAttribute('dir')).toBe('auto');
    expect(render({ type: 'text', text: 'تم تأكيد طلبك!' }).getAttribute('dir')).toBe('auto');
    const chips = node.querySelectorAll<HTMLButtonElement>('.chip');
    expect([...chips].map((chip) => chip.textContent)).toEqual(['Small', 'Large']);
    chips[1]?.click();
    expect(sendPostback).toHaveBeenCalledWith('cmd:7', 'Large');
  });

  it('puts advert HTML in a sandboxed srcdoc frame that cannot run scripts', () => {
    const html = '<b>Sale</b><script>parent.document.body.remove()</script>';
    const node = render({ type: 'advert', html });
    const frame = node.querySelector('iframe');
    expect(frame?.getAttribute('sandbox')).toBe('allow-popups');
    expect(ADVERT_SANDBOX).not.toContain('allow-scripts');
    expect(frame?.srcdoc).toBe(html);
    expect(node.querySelector('b, script')).toBeNull();
  });

  it('links each location to a map at its coordinates with its title', () => {
    const node = render({
      type: 'location',
      locations: [{ title: 'Cairo branch', lat: 30.0444, lng: 31.2357 }],
    });
    const link = node.querySelector<HTMLAnchorElement>('a.location');
    expect(link?.href).toContain('mlat=30.044400&mlon=31.235700');
    expect(link?.target).toBe('_blank');
    expect(link?.textContent).toContain('Cairo branch');
    expect(link?.textContent).toContain('30.04440, 31.23570');
  });

  it('shows images and videos from web addresses only', () => {
    expect(render({ type: 'image', url: 'https://cdn.example.com/a.png' }).querySelector('img')?.src).toBe(
      'https://cdn.example.com/a.png',
    );
    expect(
      render({ type: 'video', url: 'https://cdn.example.com/a.mp4' }).querySelector('video'),
    ).not.toBeNull();
    expect(renderBotMessage({ type: 'image', url: 'javascript:alert(1)' }, context)).toBeNull();
    expect(renderBotMessage({ type: 'video', url: 'data:video/mp4;base64,AAAA' }, context)).toBeNull();
  });

  it('skips a message type it does not know', () => {
    expect(renderBotMessage({ type: 'poll' } as unknown as BotMessage, context)).toBeNull();
  });
  it('draws a receipt: a line per item with quantity × unit price and its total, the sums, payment and order', () => {
    const node = render({
      type: 'receipt',
      items: [
        { title: hostile, quantity: 2, price: 45.5, image: 'https://shop.example.com/pizza.png' },
        { title: 'Cola', quantity: 1, price: 12, image: 'javascript:alert(1)' },
      ],
      subtotal: 103,
      tax: 14.42,
      shipping: 2.58,
      total: 120,
      currency: 'EGP',
      payment_method: 'cash',
      order_number: 'A-17',
      customer_name: 'Mona',
      customer_address: '5 Tahrir St',
      text: 'the plain form',
    });
    const items = [...node.querySelectorAll('.receipt-item')];
    expect(items).toHaveLength(2);
    expect(items[0]?.querySelector('.receipt-title')?.textContent).toBe(hostile);
    expect(items[0]?.querySelector('.receipt-quantity')?.textContent).toBe('2 × 45.50 EGP');
    expect(items[0]?.querySelector('.receipt-amount')?.textContent).toBe('91.00 EGP');
    expect(node.querySelectorAll('img')).toHaveLength(1);
    expect(node.querySelector('script')).toBeNull();
    const lines = [...node.querySelectorAll('.receipt-line')].map((line) => line.textContent);
    expect(lines).toEqual([
      'Subtotal103.00 EGP',
      'Tax14.42 EGP',
      'Shipping2.58 EGP',
      'Total120.00 EGP',
      'PaymentCash',
    ]);
    expect(node.querySelector('.receipt-heading')?.textContent).toBe('Receipt #A-17');
    expect(node.querySelector('.receipt-customer')?.textContent).toBe('Mona — 5 Tahrir St');
    expect(node.textContent).not.toContain('the plain form');
  });

  it('labels a receipt in Arabic with Western digits, its texts isolated in cells of the conversation’s direction', () => {
    const node = renderBotMessage(
      {
        type: 'receipt',
        items: [
          { title: 'بيتزا', quantity: 3, price: 1000 },
          { title: 'Koshari', quantity: 1, price: 0 },
        ],
        subtotal: 3000,
        tax: 0,
        shipping: 0,
        total: 3000,
        currency: 'USD',
        payment_method: 'visa',
        order_number: 'KGYL-LMSZ',
        customer_name: 'Mona',
        text: '',
      },
      { strings: strings.ar, sendPostback },
    );
    expect(node?.querySelector('.receipt-total')?.textContent).toBe('الإجمالي3,000.00 USD');
    expect(node?.textContent).toContain('فيزا');
    // a cell with a direction of its own aligned a Latin title to the left of an Arabic receipt
    for (const cell of ['.receipt-title', '.receipt-quantity', '.receipt-customer']) {
      expect(node?.querySelector(cell)?.hasAttribute('dir')).toBe(false);
      expect(node?.querySelector(`${cell} > bdi`)).not.toBeNull();
    }
    expect(node?.querySelector('.receipt-quantity bdi')?.getAttribute('dir')).toBe('ltr');
    // the space between the heading and the number is outside the left-to-right number
    expect(node?.querySelector('.receipt-heading')?.textContent).toBe('الفاتورة #KGYL-LMSZ');
    expect(node?.querySelector('.receipt-order')?.textContent).toBe('#KGYL-LMSZ');
  });
});
