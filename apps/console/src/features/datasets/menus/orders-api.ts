import { ORDERS_REFRESH_MS, type Order } from '@hiwar/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The pending orders of one menu, as the orders screen and the Orders tab's badge read them. */
export const ordersKeyOf = (menuId: number) => ['orders', menuId] as const;

/** GET /shopping_cart/orders/{menuId}: the menu's pending orders, newest first, keyed by the menu's id. */
export async function fetchPendingOrders(menuId: number): Promise<Order[]> {
  const answer = await api.get<{ data: Record<string, Order[]> }>(`/shopping_cart/orders/${menuId}`);
  return answer.data[String(menuId)] ?? [];
}

/** A poll that failed is only logged (spec part 2 §8); the next one comes as usual, and the list shown stays. */
async function pollPendingOrders(menuId: number): Promise<Order[]> {
  try {
    return await fetchPendingOrders(menuId);
  } catch (error) {
    console.warn(`The orders of menu ${menuId} could not be refreshed`, error);
    throw error;
  }
}

/**
 * The menu's pending orders. With `isPolling`, they are fetched again every 5000 ms (spec part 2 §9) for as long
 * as the caller is mounted, even in a hidden browser tab, and not retried: the next poll is the retry. One
 * caller polls (the Orders tab's badge, on screen whenever the orders are); the orders screen reads the same
 * cache, so one request every 5 s serves both.
 */
export function usePendingOrders(menuId: number, { isPolling = false } = {}) {
  return useQuery({
    queryKey: ordersKeyOf(menuId),
    queryFn: () => pollPendingOrders(menuId),
    enabled: menuId > 0,
    retry: false,
    ...(isPolling && { refetchInterval: ORDERS_REFRESH_MS, refetchIntervalInBackground: true }),
  });
}

/** POST /shopping_cart/orders/{orderId}/confirm: the order, now confirmed; it leaves the pending list. */
export async function confirmOrder(orderId: number): Promise<Order> {
  return (await api.post<{ data: Order }>(`/shopping_cart/orders/${orderId}/confirm`)).data;
}

/** POST /shopping_cart/orders/{orderId}/delete */
export async function deleteOrder(orderId: number): Promise<void> {
  await api.post(`/shopping_cart/orders/${orderId}/delete`);
}
