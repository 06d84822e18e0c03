import { DATASET_IMPORT_MAX_BYTES } from '@hiwar/contracts';
import type { TransferFormat } from './transfer-api.ts';

export const IMPORT_MAX_MEGABYTES = DATASET_IMPORT_MAX_BYTES / (1024 * 1024);

export type ImportFileProblem = 'fileTooLarge' | 'fileType';

/** The format a chosen file is read as: by its extension, else by its declared type; null when neither fits. */
export function importFormatOf(file: File): TransferFormat | null {
  const name = file.name.toLowerCase();
  if (name.endsWith('.csv')) return 'csv';
  if (name.endsWith('.json')) return 'json';
  if (file.type === 'text/csv') return 'csv';
  if (file.type === 'application/json') return 'json';
  return null;
}

/** Why a chosen file cannot be sent, checked before it is read: over 8 MB (the server's limit), or not CSV/JSON. */
export function importFileProblem(file: File): ImportFileProblem | null {
  if (importFormatOf(file) === null) return 'fileType';
  if (file.size > DATASET_IMPORT_MAX_BYTES) return 'fileTooLarge';
  return null;
}

/** The file's text as UTF-8 (FileReader: older browsers and jsdom have no `File.text()`). */
export function readFileText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file);
  });
}
