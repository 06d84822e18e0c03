const MAX_NAME_LENGTH = 190;

/** "X (copy)", then "X (copy 2)", "X (copy 3)"… — the first that is not taken, cut to fit the name column. */
export function copyNameOf(name: string, takenNames: Iterable<string>): string {
  const taken = new Set(takenNames);
  for (let attempt = 1; ; attempt += 1) {
    const suffix = attempt === 1 ? ' (copy)' : ` (copy ${attempt})`;
    const candidate = `${name.slice(0, MAX_NAME_LENGTH - suffix.length)}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}
