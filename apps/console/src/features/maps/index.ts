export { PlaceSearch } from './place-search.tsx';
