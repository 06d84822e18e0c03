import { readFile, stat } from 'node:fs/promises';
import { extname, join } from 'node:path';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

/** A built asset's file name: hashed names from Vite, never a path or a dot file. */
const ASSET_NAME = /^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,199}$/;

export function isAssetName(name: string): boolean {
  return ASSET_NAME.test(name) && !name.includes('..');
}

export interface WidgetFile {
  body: Buffer;
  contentType: string;
  /** a validator from size and modification time: a rebuilt widget gets a new one */
  etag: string;
}

/** A file of the built widget, or null when it does not exist (not built, or an unknown asset). */
export async function readWidgetFile(distDir: string, relativePath: string): Promise<WidgetFile | null> {
  const path = join(distDir, relativePath);
  try {
    const info = await stat(path);
    if (!info.isFile()) return null;
    return {
      body: await readFile(path),
      contentType: CONTENT_TYPES[extname(path)] ?? 'application/octet-stream',
      etag: `W/"${info.size.toString(16)}-${Math.trunc(info.mtimeMs).toString(16)}"`,
    };
  } catch {
    return null;
  }
}
