import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseCompanyIdentity, type CompanyIdentity } from '../src/config/company';

/*
 * The seller's identity as the sandbox knows it: the `company` block of the same runtime
 * configuration the app reads (public/config.json unless `--config` or SANDBOX_CONFIG names
 * another file), with its logo read from the app's public folder, where it ships.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface Seller {
  identity: CompanyIdentity;
  logo?: { bytes: Uint8Array; kind: 'png' | 'jpg' };
}

let configFile = process.env.SANDBOX_CONFIG ? path.resolve(process.env.SANDBOX_CONFIG) : path.join(root, 'public', 'config.json');
let loaded: Seller | undefined;

/** Reads the seller from `file` from now on (the next `seller()` reads it again). */
export function setConfigFile(file: string): void {
  configFile = path.resolve(file);
  loaded = undefined;
}

function readSeller(file: string): Seller {
  let config: { company?: unknown };
  try {
    config = JSON.parse(readFileSync(file, 'utf8')) as { company?: unknown };
  } catch (e) {
    throw new Error(`Configurazione non leggibile (${file}): ${(e as Error).message}`);
  }
  if (config.company === undefined) throw new Error(`Configurazione senza il blocco "company" (${file}): servono i dati del venditore per le offerte`);
  const identity = parseCompanyIdentity(config.company);
  if (!identity.logo) return { identity };
  const logoFile = path.join(root, 'public', identity.logo);
  try {
    return { identity, logo: { bytes: readFileSync(logoFile), kind: /\.png$/i.test(identity.logo) ? 'png' : 'jpg' } };
  } catch (e) {
    throw new Error(`Logo del venditore non leggibile (${logoFile}): ${(e as Error).message}`);
  }
}

/** The seller of the configured file, read once. Throws, naming the problem, when the block is missing or wrong. */
export function seller(): Seller {
  loaded ??= readSeller(configFile);
  return loaded;
}
