/**
 * `npm run contract -- --base <origin>` or `npm run contract -- --env <dev|stage|prod> [--config file.json]`
 *
 * Runs every operation of every OpenAPI document against the sandbox (or an environment) and
 * checks the answers against the documents. Exit code 1 on any FAIL, 2 on a usage error.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { RuntimeConfig } from '../../src/config/environment';
import { junitBeside, writeJunit } from './junit';
import { formatSummary, writeReport } from './report';
import { runSuite, type Target } from './suite';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

const USAGE = `Usage:
  npm run contract -- --base <origin>                       e.g. --base http://127.0.0.1:8787
  npm run contract -- --env <dev|stage|prod> [--config <file.json>]   (default config: public/config.json)

Options:
  --service <name>        only this service (repeatable, or comma-separated)
  --username <name>       user to sign in as (default admin)
  --password <password>   its password (default demo)
  --client <id:secret>    OAuth client basic credentials (default backoffice:backoffice-secret)
  --json <file>           write the report as JSON ({ passed, failed, skipped, operations })
  --invalid / --no-invalid  run the invalid cases (default: on)
  --timeout <ms>          per-request timeout (default 30000)
  --openapi <dir>         folder of the documents (default openapi/)
  --read-only             send only the sign-in and GET requests (default with --env prod)
  --write                 write mode: make, change and delete records, all named with the run marker
                          and deleted at the end (default, except with --env prod)
  --dry-run               list the requests the run would send, send nothing
  --junit <file>          write a JUnit XML report (default: beside --json, same name, .xml)
  --require-success       exit 1 unless every operation's success answer was checked
  --sandbox-extras        also check the project sandbox's own rules, which no document states (a NUL
                          byte → 400, an oversized body → 413, an unknown path → a JSON 404)
  --disposable            the target is a throw-away sandbox: operations that act on records the run
                          did not make (the lead sync) are sent; elsewhere they are skipped
  --mock                  the target is a mock of the documents (Prism): it keeps no records and reads
                          no \`x-\` extension, so the checks that need either (unknown id → 404, repeat →
                          409, missing reference → 422, parallel creates, body and row limits) are skipped
  --sandbox               the project's sandbox: --sandbox-extras and --disposable
  --help`;

export interface CliOptions {
  base?: string;
  env?: string;
  config?: string;
  services: string[];
  username: string;
  password: string;
  client: string;
  json?: string;
  invalid: boolean;
  timeoutMs: number;
  openapiDir: string;
  help: boolean;
  mode: 'write' | 'read-only';
  dryRun: boolean;
  junit?: string;
  requireSuccess: boolean;
  sandboxExtras: boolean;
  disposable: boolean;
  mock: boolean;
}

export function parseCli(argv: string[]): CliOptions {
  const options: CliOptions = {
    services: [],
    username: 'admin',
    password: 'demo',
    client: 'backoffice:backoffice-secret',
    invalid: true,
    timeoutMs: 30_000,
    openapiDir: path.join(root, 'openapi'),
    help: false,
    mode: 'write',
    dryRun: false,
    requireSuccess: false,
    sandboxExtras: false,
    disposable: false,
    mock: false,
  };
  let modeGiven: 'write' | 'read-only' | undefined;
  const args = [...argv];
  const value = (flag: string): string => {
    const next = args.shift();
    if (next === undefined || next.startsWith('--')) throw new Error(`${flag} needs a value`);
    return next;
  };
  while (args.length) {
    const raw = args.shift() as string;
    if (raw === '--') continue;
    const [flag, inline] = raw.includes('=') && raw.startsWith('--') ? [raw.slice(0, raw.indexOf('=')), raw.slice(raw.indexOf('=') + 1)] : [raw, undefined];
    const get = () => inline ?? value(flag);
    switch (flag) {
      case '--base':
        options.base = get();
        break;
      case '--env':
        options.env = get();
        break;
      case '--config':
        options.config = get();
        break;
      case '--service':
        options.services.push(...get().split(',').map((s) => s.trim()).filter(Boolean));
        break;
      case '--username':
        options.username = get();
        break;
      case '--password':
        options.password = get();
        break;
      case '--client':
        options.client = get();
        break;
      case '--json':
        options.json = get();
        break;
      case '--invalid':
        options.invalid = true;
        break;
      case '--no-invalid':
        options.invalid = false;
        break;
      case '--timeout':
        options.timeoutMs = Number(get());
        if (!Number.isFinite(options.timeoutMs) || options.timeoutMs <= 0) throw new Error('--timeout needs a positive number of milliseconds');
        break;
      case '--openapi':
        options.openapiDir = path.resolve(get());
        break;
      case '--read-only':
      case '--write': {
        const wantedMode = flag === '--write' ? 'write' : 'read-only';
        if (modeGiven && modeGiven !== wantedMode) throw new Error('give one of --read-only and --write');
        modeGiven = wantedMode;
        break;
      }
      case '--dry-run':
        options.dryRun = true;
        break;
      case '--junit':
        options.junit = get();
        break;
      case '--require-success':
        options.requireSuccess = true;
        break;
      case '--sandbox-extras':
        options.sandboxExtras = true;
        break;
      case '--disposable':
        options.disposable = true;
        break;
      case '--mock':
        options.mock = true;
        break;
      case '--sandbox':
        options.sandboxExtras = true;
        options.disposable = true;
        break;
      case '--help':
      case '-h':
        options.help = true;
        break;
      default:
        throw new Error(`unknown option ${raw}`);
    }
  }
  if (options.help) return options;
  if (Boolean(options.base) === Boolean(options.env)) throw new Error('give exactly one of --base <origin> and --env <dev|stage|prod>');
  if (options.env && !['dev', 'stage', 'prod'].includes(options.env)) throw new Error(`--env wants dev, stage or prod, not ${options.env}`);
  if (options.base && !/^https?:\/\/[^/]+/.test(options.base)) throw new Error(`--base wants an origin such as http://127.0.0.1:8787, not ${options.base}`);
  if (options.config && !options.env) throw new Error('--config goes with --env');
  if (!options.client.includes(':')) throw new Error('--client wants id:secret');
  // Production is only read unless a person asks for writes in so many words.
  options.mode = modeGiven ?? (options.env === 'prod' ? 'read-only' : 'write');
  if (options.requireSuccess && options.mode === 'read-only' && !options.dryRun) throw new Error('--require-success needs write mode: a read-only run cannot check the success answers of writes');
  if (!options.junit && options.json) options.junit = junitBeside(options.json);
  return options;
}

function loadConfig(file: string): RuntimeConfig {
  const config = JSON.parse(readFileSync(file, 'utf8')) as RuntimeConfig;
  if (!config || typeof config !== 'object' || typeof config.hosts !== 'object') throw new Error(`${file}: not a runtime configuration (no "hosts")`);
  return config;
}

async function main(): Promise<number> {
  let cli: CliOptions;
  try {
    cli = parseCli(process.argv.slice(2));
  } catch (error) {
    console.error(`contract: ${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    return 2;
  }
  if (cli.help) {
    console.log(USAGE);
    return 0;
  }
  const { SERVICES } = (await import(pathToFileURL(path.join(root, 'scripts', 'services.mjs')).href)) as { SERVICES: string[] };
  const unknown = cli.services.filter((s) => !SERVICES.includes(s));
  if (unknown.length) {
    console.error(`contract: unknown service ${unknown.join(', ')} (known: ${SERVICES.join(', ')})`);
    return 2;
  }
  let target: Target;
  if (cli.base) target = { kind: 'base', origin: cli.base.replace(/\/+$/, '') };
  else {
    const file = path.resolve(cli.config ?? path.join(root, 'public', 'config.json'));
    try {
      target = { kind: 'env', environment: cli.env as string, config: loadConfig(file) };
    } catch (error) {
      console.error(`contract: cannot read the configuration: ${error instanceof Error ? error.message : String(error)}`);
      return 2;
    }
  }
  const stop = new AbortController();
  for (const sig of ['SIGINT', 'SIGTERM'] as const) {
    // The run stops after the current operation and still deletes what it made.
    process.once(sig, () => {
      console.error(`contract: ${sig}: stopping after the current operation, then cleaning up`);
      stop.abort(sig);
    });
  }
  const report = await runSuite({
    mode: cli.mode,
    dryRun: cli.dryRun,
    signal: stop.signal,
    target,
    allServices: SERVICES,
    services: cli.services.length ? cli.services : SERVICES,
    openapiDir: cli.openapiDir,
    username: cli.username,
    password: cli.password,
    client: cli.client,
    invalid: cli.invalid,
    timeoutMs: cli.timeoutMs,
    sandboxExtras: cli.sandboxExtras,
    disposable: cli.disposable,
    mock: cli.mock,
    log: (line) => console.log(line),
  });
  for (const line of formatSummary(report.operations, SERVICES)) console.log(line);
  console.log(`Finished in ${report.seconds.toFixed(1)} s`);
  if (cli.json) {
    writeReport(cli.json, report);
    console.log(`Report written to ${cli.json}`);
  }
  if (cli.junit) {
    writeJunit(cli.junit, report);
    console.log(`JUnit report written to ${cli.junit}`);
  }
  if (stop.signal.aborted) return 1;
  if (report.failed > 0) return 1;
  if (cli.requireSuccess && !cli.dryRun && report.successChecked < report.operations.length) {
    console.log(`FAILED: the success answer of ${report.operations.length - report.successChecked} operations was not checked (--require-success)`);
    return 1;
  }
  return 0;
}

const invokedDirectly = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(`contract: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      process.exit(1);
    },
  );
}
