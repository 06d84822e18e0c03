/**
 * The live-data bot's 10,000 branch records, generated the same way in the bench process (which imports them)
 * and in the load process (which asks for them and checks the answers): record n is always the same branch.
 */
export const BRANCH_COUNT = 10_000;

const words = (
  'amber birch cobalt delta ember falcon garnet harbor indigo jasper kestrel lantern meadow nectar ' +
  'orchid pepper quartz raven saffron tundra umber velvet willow yarrow zephyr anchor bramble cinder'
).split(' ');

/** Each city's centre; its branches lie within about ±20 km of it. */
const cities: { name: string; lat: number; lng: number }[] = [
  { name: 'Cairo', lat: 30.0444, lng: 31.2357 },
  { name: 'Amman', lat: 31.9539, lng: 35.9106 },
  { name: 'Beirut', lat: 33.8938, lng: 35.5018 },
  { name: 'Tunis', lat: 36.8065, lng: 10.1815 },
  { name: 'Rabat', lat: 34.0209, lng: -6.8416 },
  { name: 'Muscat', lat: 23.588, lng: 58.3829 },
  { name: 'Berlin', lat: 52.52, lng: 13.405 },
  { name: 'Leipzig', lat: 51.3397, lng: 12.3731 },
];

export interface Branch {
  name: string;
  city: string;
  lat: number;
  lng: number;
}

/** A small deterministic hash of n into [0, 1), so a branch needs no generator state. */
function unit(n: number, salt: number): number {
  let state = (n * 2_654_435_761 + salt * 40_503) >>> 0;
  state = Math.imul(state ^ (state >>> 16), 0x45d9f3b) >>> 0;
  state = Math.imul(state ^ (state >>> 16), 0x45d9f3b) >>> 0;
  return ((state ^ (state >>> 16)) >>> 0) / 2 ** 32;
}

const capitalized = (word: string) => `${word[0]?.toUpperCase()}${word.slice(1)}`;

export function branchAt(n: number): Branch {
  const first = words[Math.floor(unit(n, 1) * words.length)] as string;
  const second = words[Math.floor(unit(n, 2) * words.length)] as string;
  const city = cities[n % cities.length] as (typeof cities)[number];
  return {
    name: `${capitalized(first)} ${capitalized(second)} ${n}`,
    city: city.name,
    lat: Number((city.lat + (unit(n, 3) - 0.5) * 0.4).toFixed(5)),
    lng: Number((city.lng + (unit(n, 4) - 0.5) * 0.4).toFixed(5)),
  };
}

/** What a sender types to find branch n: its second word and its number, lowercase ("willow 4711"). */
export function nameQueryFor(n: number): string {
  return branchAt(n).name.split(' ').slice(1).join(' ').toLowerCase();
}

function csvCell(value: string): string {
  return /[",\n\r]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** All branches as one CSV file (name, city, place), the place as its GeoJSON-like cell. */
export function branchesCsv(): string {
  const lines = ['name,city,place'];
  for (let n = 0; n < BRANCH_COUNT; n += 1) {
    const branch = branchAt(n);
    const place = JSON.stringify({
      type: 'Point',
      coordinates: [branch.lng, branch.lat],
      address: `${branch.city} branch ${n}`,
    });
    lines.push([csvCell(branch.name), csvCell(branch.city), csvCell(place)].join(','));
  }
  return `${lines.join('\n')}\n`;
}
