/** Types of scripts/postgres.mjs (a throw-away PostgreSQL cluster for tests). */
export interface PostgresCluster {
  /** `postgres://postgres@127.0.0.1:<port>/<database>` */
  url: string;
  port: number;
  /** The temporary folder of the cluster (data and socket), removed by `stop`. */
  dir: string;
  bin: string;
  socketDir: string;
  /** Stops the server and removes its folder (also run on exit and on SIGINT/SIGTERM). */
  stop(): Promise<void>;
}
export function findServerBin(root?: string): string | undefined;
export function ensureServerBin(): string;
export function freePort(): Promise<number>;
export function startPostgres(options?: { log?: (line: string) => void; database?: string }): Promise<PostgresCluster>;
export function createDatabase(cluster: PostgresCluster, name: string): string;
