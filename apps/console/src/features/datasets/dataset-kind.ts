import { type DatasetField, type DatasetType, datasetMessages } from '@hiwar/contracts';
import { type Icon, IconDatabase, IconTable } from '@tabler/icons-react';
import type { ComponentType } from 'react';

/** One tab of the form: `{path}/{id}/{value}` shows it. */
export interface DatasetFormTab {
  value: string;
  /** translation key of its label */
  label: string;
  icon: Icon;
  /** shown at the tab's end while the dataset exists (the menu's pending orders count) */
  Badge?: ComponentType<{ datasetId: number }>;
}

/**
 * What tells the dataset screens (list, form, structure, data) which kind of dataset they show: plain datasets
 * at /dataset, or menus at /menus (spec part 2 §2: menus are datasets of type menu with tax, shipping, a fixed
 * read-only schema and an Orders tab). Each kind's own words sit under its locale section.
 */
export interface DatasetKind {
  type: DatasetType;
  /** the list's address; a form is `{path}/{id}/{tab}` */
  path: string;
  /** the locale section of the words that differ: list.title, list.add, list.active, form.*, fields.name */
  section: 'datasets' | 'menus';
  /** the route param holding the id (`datasetId`, `menuId`) */
  idParam: string;
  /** how the save call and its errors name the name (spec part 2 §5: ds_name, menu_name) */
  nameField: 'ds_name' | 'menu_name';
  /** the contracts message when the name is missing */
  nameRequired: string;
  /** the fields a new one starts with (a menu's five read-only fields) */
  initialFields: readonly DatasetField[];
  /** whether the owner picks a new field's permission (a menu's added fields are always read-write) */
  offersPermission: boolean;
  /** the first is the one `{path}/{id}` opens */
  tabs: readonly DatasetFormTab[];
}

export const structureTab: DatasetFormTab = {
  value: 'structure',
  label: 'datasets.tabs.structure',
  icon: IconDatabase,
};
export const dataTab: DatasetFormTab = { value: 'data', label: 'datasets.tabs.data', icon: IconTable };

export const datasetKind: DatasetKind = {
  type: 'dataset',
  path: '/dataset',
  section: 'datasets',
  idParam: 'datasetId',
  nameField: 'ds_name',
  nameRequired: datasetMessages.nameRequired,
  initialFields: [],
  offersPermission: true,
  tabs: [structureTab, dataTab],
};
