import type { components, paths } from './generated/geo';
import { callOrThrow, lazyClient } from './http';

/** The geo service: a typed openapi-fetch client. */
export const geoApi = lazyClient<paths>('geo');

export type Region = components['schemas']['Region'];
export type Province = components['schemas']['Province'];
export type Municipality = components['schemas']['Municipality'];

/** The regions, for the first level of the address cascade. */
export const listRegions = () => callOrThrow(geoApi().GET('/georegistry/getRegions'));

/** The provinces of a region (by its name). */
export const listProvincesByRegion = (region: string) =>
  callOrThrow(geoApi().GET('/georegistry/getProvinceByRegion', { params: { query: { region } } }));

/** The municipalities of a province (by its code, the sigla). */
export const listMunicipalitiesByProvince = (province: string) =>
  callOrThrow(geoApi().GET('/georegistry/getMunicipalityByProvince', { params: { query: { province } } }));

/** The postal codes (CAP) of a municipality. */
export const listZipCodes = (municipalityIstatCode: string) =>
  callOrThrow(
    geoApi().GET('/georegistry/getZipCodeByMunicipalityIstatCode', { params: { query: { municipalityIstatCode } } }),
  );
