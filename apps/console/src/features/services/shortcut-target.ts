/** Where the top-bar shortcut's Go leads (spec part 1 §2 Frame). */
export function shortcutTarget(serviceId: string | null, commandId: string | null): string {
  if (!serviceId) return '/services';
  if (!commandId) return `/services/${serviceId}/commands`;
  return `/services/${serviceId}/commands/${commandId}`;
}
