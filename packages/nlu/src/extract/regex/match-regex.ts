/** Owners' patterns run on at most this many characters of a message. */
export const MAX_REGEX_INPUT = 1000;
const MAX_PATTERN_LENGTH = 500;

export interface RegexMatch {
  value: string;
  start: number;
  end: number;
}

/** Groups "( … )" with their body and whether a repetition (+, *, {n,}) follows them. */
function quantifiedGroups(pattern: string): string[] {
  const bodies: string[] = [];
  const opens: number[] = [];
  for (let index = 0; index < pattern.length; index += 1) {
    const character = pattern[index];
    if (character === '\\') index += 1;
    else if (character === '[') index = closingBracket(pattern, index);
    else if (character === '(') opens.push(index);
    else if (character === ')') {
      const open = opens.pop();
      if (open !== undefined && /^(?:[+*]|\{\d*,\d*\}|\{\d{2,}\})/.test(pattern.slice(index + 1))) {
        bodies.push(pattern.slice(open + 1, index));
      }
    }
  }
  return bodies;
}

function closingBracket(pattern: string, open: number): number {
  for (let index = open + 1; index < pattern.length; index += 1) {
    if (pattern[index] === '\\') index += 1;
    else if (pattern[index] === ']') return index;
  }
  return pattern.length;
}

function withoutClassesAndEscapes(body: string): string {
  return body.replace(/\\./g, 'x').replace(/\[(?:\\.|[^\]\\])*\]/g, 'x');
}

/**
 * Whether a pattern can backtrack exponentially: a repeated group that itself repeats ("(a+)+", "(\w*)*") or
 * a repeated alternation ("(a|ab)*"), or a backreference. Such patterns are refused rather than run.
 */
export function isCatastrophicPattern(pattern: string): boolean {
  if (/\\[1-9]|\\k</.test(pattern)) return true;
  return quantifiedGroups(pattern).some((body) => {
    const plain = withoutClassesAndEscapes(body);
    return /[+*]|\{\d*,\d*\}/.test(plain) || plain.includes('|');
  });
}

/** A pattern as the owner typed it: plain ("\d{5}") or in slashes with flags ("/^hi$/i"). */
function compile(pattern: string): RegExp | null {
  const slashed = pattern.match(/^\/(.*)\/([a-z]*)$/s);
  const source = slashed ? slashed[1]! : pattern;
  const flags = (slashed?.[2] ?? '').replace(/[gyd]/g, '');
  for (const extra of ['u', '']) {
    try {
      return new RegExp(source, [...new Set(flags + extra)].join(''));
    } catch {
      // Patterns written without the Unicode flag in mind ("\-" inside words) may only compile without it.
    }
  }
  return null;
}

/**
 * The first match of an owner's pattern in a message: the first capture group when the pattern has one,
 * otherwise the whole match. Invalid, overlong or catastrophic patterns give null instead of throwing or
 * hanging, and the message is cut to MAX_REGEX_INPUT characters.
 */
export function matchRegex(text: string, pattern: string): RegexMatch | null {
  if (pattern.length === 0 || pattern.length > MAX_PATTERN_LENGTH || isCatastrophicPattern(pattern))
    return null;
  const regex = compile(pattern);
  const match = regex?.exec(text.slice(0, MAX_REGEX_INPUT));
  if (!match || match[0] === '') return null;
  const start = match.index;
  return { value: match[1] ?? match[0], start, end: start + match[0].length };
}
