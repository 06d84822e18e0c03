import type { SparseVector } from './sparse.ts';

/** Rows (examples or centroids) stored by feature, so a query touches only the rows sharing its features. */
export interface InvertedIndex {
  rowCount: number;
  /** offsets[feature]..offsets[feature + 1] are that feature's postings. */
  offsets: Int32Array;
  rows: Int32Array;
  values: Float32Array;
}

export function buildInvertedIndex(rows: SparseVector[], buckets: number): InvertedIndex {
  const offsets = new Int32Array(buckets + 1);
  for (const row of rows)
    for (const feature of row.indices) offsets[feature + 1] = (offsets[feature + 1] ?? 0) + 1;
  for (let feature = 0; feature < buckets; feature++) {
    offsets[feature + 1] = (offsets[feature + 1] ?? 0) + (offsets[feature] ?? 0);
  }
  const total = offsets[buckets] ?? 0;
  const rowIds = new Int32Array(total);
  const values = new Float32Array(total);
  const cursor = offsets.slice(0, buckets);
  rows.forEach((row, rowId) => {
    for (let position = 0; position < row.indices.length; position++) {
      const feature = row.indices[position] ?? 0;
      const slot = cursor[feature] ?? 0;
      rowIds[slot] = rowId;
      values[slot] = row.values[position] ?? 0;
      cursor[feature] = slot + 1;
    }
  });
  return { rowCount: rows.length, offsets, rows: rowIds, values };
}

/** Dot products of `query` with every row. */
export function scoreRows(index: InvertedIndex, query: SparseVector): Float32Array {
  const scores = new Float32Array(index.rowCount);
  const { offsets, rows, values } = index;
  for (let position = 0; position < query.indices.length; position++) {
    const feature = query.indices[position] ?? 0;
    const weight = query.values[position] ?? 0;
    const end = offsets[feature + 1] ?? 0;
    for (let slot = offsets[feature] ?? 0; slot < end; slot++) {
      const row = rows[slot] ?? 0;
      scores[row] = (scores[row] ?? 0) + weight * (values[slot] ?? 0);
    }
  }
  return scores;
}
