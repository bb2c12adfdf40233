import { ShowManager } from './ShowsPage';

/** /playerDOOH: the show manager opened on the playlists the players run. */
export default function PlayerDoohPage() {
  return <ShowManager initialTab={1} />;
}
