export { PlaylistsList } from './PlaylistsList';
