/** Reading the items an api, dataset, data source or component answers: plain JSON-like objects. */

type Item = unknown;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The value at a dotted path (`owner.name`, `photos.0.url`); the item itself for ''. */
export function valueAtPath(item: Item, path: string): unknown {
  const trimmed = path.trim();
  if (trimmed === '') return item;
  let current: unknown = item;
  for (const part of trimmed.split('.')) {
    if (Array.isArray(current) && /^\d+$/.test(part)) current = current[Number(part)];
    else if (isPlainObject(current) && Object.hasOwn(current, part)) current = current[part];
    else return undefined;
  }
  return current;
}

/** A dataset location `{type: 'Point', coordinates: [lng, lat], address}` or a shared `{lat, lng}` as text. */
function placeText(value: Record<string, unknown>): string | undefined {
  const { coordinates, address, lat, lng } = value;
  if (typeof address === 'string' && address.trim() !== '') return address;
  if (Array.isArray(coordinates) && coordinates.length === 2) return `${coordinates[1]},${coordinates[0]}`;
  if (typeof lat === 'number' && typeof lng === 'number') return `${lat},${lng}`;
  return undefined;
}

/** A value as a message shows it; undefined when there is none (null, missing, an empty list). */
export function itemText(value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) {
    const texts = value.map(itemText).filter((text): text is string => text !== undefined && text !== '');
    return texts.length > 0 ? texts.join(', ') : undefined;
  }
  if (isPlainObject(value)) return placeText(value) ?? JSON.stringify(value);
  return undefined;
}

/** An item's top-level fields as `{{name}}` values (a primitive item is `{{value}}`). */
export function itemPlaceholders(item: Item): Record<string, string> {
  if (!isPlainObject(item)) {
    const text = itemText(item);
    return text === undefined ? {} : { value: text };
  }
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(item)) values[name] = itemText(value) ?? '';
  return values;
}
