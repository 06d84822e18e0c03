export interface SearchablePage {
  path: string;
  /** the page's name as the user reads it, in the current language */
  label: string;
}

/**
 * Where the 404 search box leads: the first page whose name or path contains the words, else the services list
 * searched for them.
 */
export function findDestination(query: string, pages: readonly SearchablePage[]): string {
  const words = query.trim().toLocaleLowerCase();
  if (!words) return '/dashboard';
  const match = pages.find(
    (page) => page.label.toLocaleLowerCase().includes(words) || page.path.toLocaleLowerCase().includes(words),
  );
  return match ? match.path : `/services?search=${encodeURIComponent(query.trim())}`;
}
