export { default as TeamsPage } from './TeamsPage';
export { SystemLinks } from './SystemLinks';
