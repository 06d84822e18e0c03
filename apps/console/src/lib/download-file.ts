import { apiDownload } from './api-client.ts';

/**
 * The file name of a Content-Disposition header: RFC 5987 `filename*=UTF-8''…` (an Arabic name survives)
 * before the plain `filename="…"`; `fallback` when the header names none.
 */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // a malformed escape: the plain name follows
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition)?.[1];
  return plain?.trim() || fallback;
}

/** Hands a fetched file to the browser as a download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // the download has started from the object URL; keeping it would hold the file in memory
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Downloads a file the API answers (an export). A bare link would not carry the bearer token, so the file is
 * fetched through the API client and saved from a blob, under the server's name or `fallbackName`.
 */
export async function downloadApiFile(path: string, fallbackName: string): Promise<void> {
  const file = await apiDownload(path);
  saveBlob(file.blob, fileNameOf(file.disposition, fallbackName));
}
