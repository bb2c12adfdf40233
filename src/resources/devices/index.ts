export { default as DevicesPage } from './DevicesPage';
export { default as DoohSystemsPage } from './DoohSystemsPage';
export { SystemDevices } from './SystemDevices';
