import { responseStruct } from '@hiwar/contracts';
import { describe, expect, it } from 'vitest';
import { type ItemsLayout, renderItems } from './render-items.ts';

const struct = (fields: Record<string, unknown>) => responseStruct.parse(fields);
const context = { values: { city: 'Cairo', nick: 'Sam' }, senderLang: 'en' as const };
const layout = (via: ItemsLayout['via'], fields: Record<string, unknown>, limit = 10): ItemsLayout => ({
  via,
  limit,
  struct: struct(fields),
});

const shops = [
  { name: 'Nile Books', info: { area: 'Zamalek', photo: 'https://img.test/nile.png' }, id: 7 },
  { name: 'Giza Reads', info: { area: 'Dokki' }, id: 8 },
  { name: 'Delta Pages', id: 9 },
];

describe('renderItems', () => {
  it('lists the titles one a line with their subtitles, reading dotted keys', () => {
    const messages = renderItems(
      shops,
      layout('text', { title_key: 'name', subtitle_key: 'info.area' }),
      context,
    );
    expect(messages).toEqual([
      { type: 'text', text: 'Nile Books — Zamalek\nGiza Reads — Dokki\nDelta Pages' },
    ]);
  });

  it('falls back to the default value, filled from the item and then the turn', () => {
    const fields = { title_key: 'missing', title_default_value: '{{name}} in {{city}} for {{nick}}' };
    expect(renderItems(shops.slice(0, 1), layout('text', fields), context)).toEqual([
      { type: 'text', text: 'Nile Books in Cairo for Sam' },
    ]);
  });

  it('shows at most `limit` items, and nothing for no items', () => {
    expect(renderItems(shops, layout('text', { title_key: 'name' }, 2), context)).toEqual([
      { type: 'text', text: 'Nile Books\nGiza Reads' },
    ]);
    expect(renderItems([], layout('text', { title_key: 'name' }), context)).toEqual([]);
  });

  it('lists plain values as themselves', () => {
    expect(renderItems(['Cairo', 12], layout('text', {}), context)).toEqual([
      { type: 'text', text: 'Cairo\n12' },
    ]);
  });

  it('makes quick replies from item_label and item_value under the title default', () => {
    const fields = {
      title_default_value: 'Pick a shop, {{nick}}',
      item_label_key: 'name',
      item_value_key: 'id',
    };
    expect(renderItems(shops.slice(0, 2), layout('quick_rep', fields), context)).toEqual([
      {
        type: 'quick_replies',
        text: 'Pick a shop, Sam',
        replies: [
          { label: 'Nile Books', payload: '7' },
          { label: 'Giza Reads', payload: '8' },
        ],
      },
    ]);
  });

  it('makes cards of at most 3 buttons, 5 cards a message, url buttons for web addresses', () => {
    const button = (label: string, value: string) => ({
      item_label_default_value: label,
      item_value_default_value: value,
    });
    const fields = {
      title_key: 'name',
      subtitle_default_value: 'in {{city}}',
      media_key: 'info.photo',
      buttons: [
        button('Visit', 'https://shop.test/{{id}}'),
        button('Order', 'order {{id}}'),
        button('c', 'c'),
        button('d', 'd'),
      ],
    };
    const many = Array.from({ length: 7 }, (_, index) => ({ name: `Shop ${index}`, id: index }));
    const messages = renderItems([shops[0], ...many], layout('card', fields), context);
    expect(messages).toHaveLength(2);
    const [first, second] = messages;
    if (first?.type !== 'cards' || second?.type !== 'cards') throw new Error('cards expected');
    expect(first.cards).toHaveLength(5);
    expect(second.cards).toHaveLength(3);
    expect(first.cards[0]).toEqual({
      title: 'Nile Books',
      subtitle: 'in Cairo',
      media: 'https://img.test/nile.png',
      buttons: [
        { label: 'Visit', type: 'url', value: 'https://shop.test/7' },
        { label: 'Order', type: 'postback', value: 'order 7' },
        { label: 'c', type: 'postback', value: 'c' },
      ],
    });
    expect(first.cards[1]?.media).toBe('');
  });

  it('makes an image or a video per item with a media address, skipping others', () => {
    const fields = { media_key: 'info.photo' };
    expect(renderItems(shops, layout('Image', fields), context)).toEqual([
      { type: 'image', url: 'https://img.test/nile.png' },
    ]);
    expect(
      renderItems(
        [{ clip: '/api/uploads/a.mp4' }, { clip: 'javascript:alert(1)' }],
        layout('video', { media_key: 'clip' }),
        context,
      ),
    ).toEqual([{ type: 'video', url: '/api/uploads/a.mp4' }]);
  });

  it('renders a receipt message with its lines, totals and text form', () => {
    const receipt = {
      name: 'Order for {{nick}}',
      merchant: 'Pizza Place',
      order_number: '42',
      currency: 'USD',
      payment_method: 'cash',
      elem_title_col: 'title',
      elem_price_col: 'price',
      elem_amount_col: 'qty',
      shipping_cost: '5',
      total_tax: '10%',
    };
    const items = [
      { title: 'Margherita', price: 8, qty: 2 },
      { title: 'Cola', price: '1.5' },
    ];
    const messages = renderItems(items, layout('receipt', { receipt }), context);
    expect(messages).toEqual([
      {
        type: 'receipt',
        items: [
          { title: 'Margherita', quantity: 2, price: 8 },
          { title: 'Cola', quantity: 1, price: 1.5 },
        ],
        subtotal: 17.5,
        tax: 1.75,
        shipping: 5,
        total: 24.25,
        currency: 'USD',
        payment_method: 'cash',
        order_number: '42',
        text: [
          'Order for Sam — Pizza Place',
          'Order 42',
          '• Margherita × 2 = 16 USD',
          '• Cola × 1 = 1.50 USD',
          'Subtotal: 17.50 USD',
          'Shipping: 5 USD',
          'Tax: 1.75 USD',
          'Total: 24.25 USD',
          'Payment: cash',
        ].join('\n'),
      },
    ]);
    const arabic = renderItems(items, layout('receipt', { receipt }), { ...context, senderLang: 'ar' });
    expect(arabic[0]?.type === 'receipt' && arabic[0].text).toContain('الإجمالي: 24.25 USD');
  });
});
