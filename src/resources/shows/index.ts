export { default as ShowsPage, ShowManager } from './ShowsPage';
export { default as PlayerDoohPage } from './PlayerDoohPage';
