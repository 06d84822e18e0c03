import { DatasetListPage } from '../datasets-page.tsx';
import { menuKind } from './menu-kind.ts';

/** /menus (spec part 2 §2): the owner's menus, paginated, as the dataset list shows datasets. */
export function MenusPage() {
  return <DatasetListPage kind={menuKind} />;
}
