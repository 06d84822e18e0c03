import { useOutletContext } from 'react-router';
import type { StepProps } from './step-props.ts';
import type { ResponseRecordEditor } from './use-response-record.ts';

/** What the editor frame hands each step's screen through its outlet. */
export interface EditorOutlet {
  editor: ResponseRecordEditor;
  serviceId: number;
  commandId: number;
  /** `/services/{s}/commands/{c}/result` */
  basePath: string;
}

export function useEditorOutlet(): EditorOutlet {
  return useOutletContext<EditorOutlet>();
}

/** The step props of the loaded record; null until it is loaded. */
export function stepPropsOf({ editor, serviceId, commandId }: EditorOutlet): StepProps | null {
  if (!editor.record) return null;
  return { serviceId, commandId, record: editor.record, onChange: editor.onChange, errors: editor.errors };
}
