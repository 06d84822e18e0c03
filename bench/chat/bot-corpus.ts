/** A bot of 50 commands, five examples each, built from topic × phrasing so every command is distinct. */
const topics = [
  'flight',
  'hotel',
  'taxi',
  'pizza',
  'weather',
  'invoice',
  'password',
  'refund',
  'delivery',
  'membership',
  'parking',
  'ticket',
  'appointment',
  'insurance',
  'loan',
  'salary',
  'vacation',
  'printer',
  'wifi',
  'laptop',
  'gym',
  'library',
  'museum',
  'concert',
  'recipe',
  'pharmacy',
  'dentist',
  'passport',
  'visa',
  'train',
  'bus',
  'bicycle',
  'garden',
  'plumber',
  'electrician',
  'furniture',
  'laundry',
  'bakery',
  'coffee',
  'tea',
  'newsletter',
  'coupon',
  'warranty',
  'battery',
  'charger',
  'camera',
  'headphones',
  'keyboard',
  'monitor',
  'router',
];

const phrasings = [
  (topic: string) => `i need help with my ${topic}`,
  (topic: string) => `tell me about the ${topic}`,
  (topic: string) => `${topic} question please`,
  (topic: string) => `how does the ${topic} work`,
  (topic: string) => `problem with ${topic}`,
];

export interface BenchCommand {
  name: string;
  examples: string[];
  answer: string;
}

export const benchCommands: BenchCommand[] = topics.map((topic) => ({
  name: `${topic} help`,
  examples: phrasings.map((phrase) => phrase(topic)),
  answer: `Here is what I know about the ${topic}, {{id}}.`,
}));

/** What the simulated senders type: mostly near-paraphrases of the examples, some out-of-scope chatter. */
export function messageFor(index: number): string {
  const topic = topics[index % topics.length] ?? 'flight';
  const variants = [
    `can you help me with the ${topic}`,
    `my ${topic} has a problem`,
    `what about ${topic}`,
    `question about my ${topic} please`,
    'blorf snazzle quibble',
  ];
  return variants[Math.floor(index / topics.length) % variants.length] ?? topic;
}
