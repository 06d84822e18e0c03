import { type DatasetRecord, menuFixedFields, type Order } from '@hiwar/contracts';
import type { FakeServer, stubServer } from '../../../test/render-app.tsx';
import { datasetRecord, datasetsServer } from '../fake-datasets-server.ts';

/** Test data: a menu with the five fixed fields. */
export function menuRecord(id: number, name: string, tax = 14, shipping = 2): DatasetRecord {
  return {
    ...datasetRecord(id, name, [...menuFixedFields]),
    ds_type: 'menu',
    ds_tax: tax,
    ds_shipping: shipping,
  };
}

/** Test data: a pending order of menu 3 with two items, every field filled. */
export function orderRecord(id: number, changes: Partial<Order> = {}): Order {
  return {
    _id: id,
    order_number: `M3-${1000 + id}`,
    menu_id: 3,
    fullname: 'Mona Adel',
    created_at: '2026-11-26T09:55:00.000Z',
    items: [
      { title: 'Koshari', quantity: 2, price: 45.5 },
      { title: 'Rice pudding', quantity: 1, price: 1250 },
    ],
    phone: '+20 100 555 1234',
    address: '12 Tahrir St, Cairo',
    subtotal: 1341,
    tax: 187.74,
    shipping: 26.82,
    price: 1555.56,
    currency: 'EGP',
    payment_method: 'cash',
    notes: 'Ring twice',
    status: 'pending',
    ...changes,
  };
}

/** A call the test answers itself; undefined leaves it to the fake server. */
type SpecialAnswer = (method: string, path: string, body: unknown) => ReturnType<FakeServer> | undefined;

/**
 * The datasets server (menus are datasets) plus the orders calls: GET /shopping_cart/orders/{menuId} answers
 * the pending orders of that menu; confirm and delete take an order off the list, as the server does.
 */
export function menusServer(
  menus: DatasetRecord[],
  orders: Order[] = [],
  special?: SpecialAnswer,
): FakeServer {
  const pending = [...orders];
  const datasets = datasetsServer(menus);
  return (method, path, body) => {
    const answer = special?.(method, path, body);
    if (answer) return answer;
    const list = /^\/shopping_cart\/orders\/(\d+)$/.exec(path);
    if (method === 'GET' && list) {
      const menuId = Number(list[1]);
      const data = { [menuId]: pending.filter((order) => order.menu_id === menuId) };
      return { json: { status: 1, data } };
    }
    const [, orderId, action] = /^\/shopping_cart\/orders\/(\d+)\/(confirm|delete)$/.exec(path) ?? [];
    if (method === 'POST' && orderId) {
      const index = pending.findIndex((order) => order._id === Number(orderId));
      if (index < 0) return { status: 404, json: { status: 0, msg: 'Not found' } };
      const [order] = pending.splice(index, 1);
      return {
        json: action === 'confirm' ? { status: 1, data: { ...order, status: 'confirmed' } } : { status: 1 },
      };
    }
    return datasets(method, path, body);
  };
}

/**
 * Like `stubServer`, but the calls `isHeld` picks wait until `release()`: a test sees the screen while such a
 * request is in flight. The server answers (and changes its data) only once released.
 */
export function holdCalls(
  fetchStub: ReturnType<typeof stubServer>,
  isHeld: (method: string, path: string) => boolean,
) {
  const waiting: (() => void)[] = [];
  const answer = fetchStub.getMockImplementation();
  if (!answer) throw new Error('holdCalls needs a stubbed server');
  fetchStub.mockImplementation(async (url, init) => {
    if (isHeld(init?.method ?? 'GET', url.replace(/^\/api/, '')))
      await new Promise<void>((go) => waiting.push(go));
    return answer(url, init);
  });
  return {
    release: () => {
      for (const go of waiting.splice(0)) go();
    },
  };
}

/** The orders list calls made so far. */
export const orderPolls = (fetchStub: ReturnType<typeof stubServer>, menuId = 3) =>
  fetchStub.mock.calls.filter(([url]) => url === `/api/shopping_cart/orders/${menuId}`).length;
