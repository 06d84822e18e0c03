import { datasetMessages } from '@hiwar/contracts';
import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { localizeCatalogueMessage } from '../../../lib/contract-messages.ts';
import { failureMessage } from '../../../lib/form-errors.ts';

/** A dataset message of the server (a refused cell, an unreadable file) in the current language. */
export function localizeTransferMessage(t: TFunction, text: string): string {
  return localizeCatalogueMessage(t, datasetMessages, 'datasets', text);
}

export interface RefusedCell {
  row: number;
  field: string;
  message: string;
}

const ROW_ERROR_KEY = /^rows\.(\d+)\.(.+)$/;

/** The refused cells of a failed import (`errors: {'rows.3.price': [message]}`), in row order. */
export function refusedCellsOf(error: unknown): RefusedCell[] {
  if (!(error instanceof ApiError) || typeof error.fieldErrors !== 'object') return [];
  return Object.entries(error.fieldErrors)
    .flatMap(([key, messages]) => {
      const match = ROW_ERROR_KEY.exec(key);
      return match
        ? messages.map((message) => ({ row: Number(match[1]), field: match[2] ?? '', message }))
        : [];
    })
    .sort((a, b) => a.row - b.row);
}

/**
 * Why a preview or an import failed, in the current language: the first message about the file or the
 * mapping (an unreadable file, two columns into one field) when the server named one, else its msg.
 */
export function transferFailureMessage(t: TFunction, error: unknown): string {
  if (error instanceof ApiError && typeof error.fieldErrors === 'object') {
    const fileError = Object.entries(error.fieldErrors).find(([key]) => !ROW_ERROR_KEY.test(key));
    const first = fileError?.[1][0];
    if (first) return localizeTransferMessage(t, first);
  }
  return localizeTransferMessage(t, failureMessage(error, t, t('messages.serverError')));
}
