import { DatasetKindFormPage } from '../dataset-form-page.tsx';
import { menuKind } from './menu-kind.ts';

/** /menus/{id}/{structure|data|orders} (spec part 2 §2; 0 is new). */
export function MenuFormPage() {
  return <DatasetKindFormPage kind={menuKind} />;
}
