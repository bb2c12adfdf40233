export { PlaylistsList } from './PlaylistsList';
export { withItemOrder } from './PlaylistInputs';
