export { default as CircuitsPage } from './CircuitsPage';
export { SystemPicker, type PickedSystem } from './SystemPicker';
