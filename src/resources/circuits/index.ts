export { default as CircuitsPage } from './CircuitsPage';
