export { IMAGE_ACCEPT, imageFileProblem } from './records/image-file.ts';
export { PickerMap } from './records/location-field.tsx';
export { numberText } from './records/number-text.ts';
