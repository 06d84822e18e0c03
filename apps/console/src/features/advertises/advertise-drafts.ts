import {
  ADVERTISE_RATIO_DEFAULT,
  type AdvertiseRecord,
  advertiseInput,
  type SaveAdvertisesRequest,
} from '@hiwar/contracts';

/** One ad on the tab: a saved one (with an id) or a new one; `mode` is the client-only edit/view state. */
export interface AdvertiseDraft {
  key: string;
  id: number | null;
  code: string;
  status: 0 | 1;
  random: 0 | 1;
  /** the slider's value, 10 … 100 */
  ratio: number;
  mode: 'edit' | 'view';
}

type AdvertiseEdits = Partial<Pick<AdvertiseDraft, 'code' | 'status' | 'random' | 'ratio'>>;

let nextKey = 0;
function newKey(): string {
  nextKey += 1;
  return `new-${nextKey}`;
}

/** A new ad starts in edit mode with status 0 (spec part 2 §4). */
export function newDraft(): AdvertiseDraft {
  return {
    key: newKey(),
    id: null,
    code: '',
    status: 0,
    random: 0,
    ratio: Number(ADVERTISE_RATIO_DEFAULT),
    mode: 'edit',
  };
}

export function draftOf(record: AdvertiseRecord): AdvertiseDraft {
  return {
    key: `ad-${record.id}`,
    id: record.id,
    code: record.code,
    status: record.status === 1 ? 1 : 0,
    random: record.random === 1 ? 1 : 0,
    ratio: Number(record.random_ratio) || Number(ADVERTISE_RATIO_DEFAULT),
    mode: 'view',
  };
}

/** The tab's list on load: the saved ads read-only, or one empty ad when there are none. */
export function draftsOnLoad(records: AdvertiseRecord[]): AdvertiseDraft[] {
  return records.length === 0 ? [newDraft()] : records.map(draftOf);
}

export function editDraft(drafts: AdvertiseDraft[], key: string, edits: AdvertiseEdits): AdvertiseDraft[] {
  return drafts.map((draft) => (draft.key === key ? { ...draft, ...edits } : draft));
}

export function setMode(
  drafts: AdvertiseDraft[],
  key: string,
  mode: AdvertiseDraft['mode'],
): AdvertiseDraft[] {
  return drafts.map((draft) => (draft.key === key ? { ...draft, mode } : draft));
}

export function removeDraft(drafts: AdvertiseDraft[], key: string): AdvertiseDraft[] {
  return drafts.filter((draft) => draft.key !== key);
}

/** The first contract message the draft breaks (e.g. 'the code field is required'), or null. */
export function draftError(draft: AdvertiseDraft): string | null {
  const result = advertiseInput.safeParse(payloadOf(draft));
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

export function payloadOf(draft: AdvertiseDraft): SaveAdvertisesRequest['data'][number] {
  const fields = { code: draft.code, status: draft.status, random: draft.random, random_ratio: draft.ratio };
  return draft.id === null ? fields : { id: draft.id, ...fields };
}

/**
 * After a save of one draft the server answers the command's whole list: the saved draft takes its stored
 * form (a new one: the id that was not known before) and turns read-only; other drafts keep their local edits.
 */
export function applySaved(
  drafts: AdvertiseDraft[],
  key: string,
  records: AdvertiseRecord[],
): AdvertiseDraft[] {
  const saved = drafts.find((draft) => draft.key === key);
  if (!saved) return drafts;
  const knownIds = new Set(drafts.flatMap((draft) => (draft.id === null ? [] : [draft.id])));
  const record =
    saved.id === null
      ? records.filter((candidate) => !knownIds.has(candidate.id)).at(-1)
      : records.find((candidate) => candidate.id === saved.id);
  if (!record) return drafts;
  return drafts.map((draft) => (draft.key === key ? { ...draftOf(record), key } : draft));
}
