export { default as TeamsPage } from './TeamsPage';
