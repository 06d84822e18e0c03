/** The ids the type step's pickers choose (a dataset, a data source, a menu, a component, a channel). */
export interface TypeSelection {
  resp_dataset_id: number | null;
  resp_data_source_id: number | null;
  resp_menu_id: number | null;
  resp_component_id: number | null;
  resp_sub_channel: number | null;
}
