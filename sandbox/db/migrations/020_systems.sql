-- Systems service (systems.yaml, spec §3 "System"): the asset inventory and its lookups.
-- Real columns for everything the list, the filters, the suggestions and the map query on;
-- jsonb `data` for the rest (sizes, frames, notes).

CREATE TABLE system_types (
  id bigserial PRIMARY KEY,
  code text NOT NULL UNIQUE,
  name text NOT NULL,
  types text[] NOT NULL,            -- OOH, DOOH
  marker boolean NOT NULL DEFAULT false
);

CREATE TABLE system_sizes (
  id bigserial PRIMARY KEY,
  name text NOT NULL,
  width double precision NOT NULL,
  height double precision NOT NULL,
  type text NOT NULL CHECK (type IN ('OOH', 'DOOH'))
);

CREATE TABLE system_areas (
  id bigserial PRIMARY KEY,
  name text NOT NULL,
  type text NOT NULL CHECK (type IN ('OOH', 'DOOH')),
  circuit_id bigint
);

CREATE TABLE system_media_owners (
  id bigserial PRIMARY KEY,
  name text NOT NULL,
  vat text,
  mail text
);

CREATE TABLE system_leases (
  id bigserial PRIMARY KEY,
  name text NOT NULL,
  lessor text,
  start_date date,
  end_date date,
  annual_fee numeric
);

CREATE TABLE system_authorizations (
  id bigserial PRIMARY KEY,
  name text NOT NULL,
  issuer text,
  number text,
  valid_from date,
  valid_to date
);

-- The code sequences by province car-plate code: `last` is the number of the last code given.
CREATE TABLE system_sequences (
  name text PRIMARY KEY,
  last integer NOT NULL DEFAULT 0
);

CREATE TABLE systems (
  id bigserial PRIMARY KEY,
  code text NOT NULL UNIQUE,
  name text NOT NULL,
  type text NOT NULL CHECK (type IN ('OOH', 'DOOH')),
  system_type text NOT NULL,
  status text NOT NULL DEFAULT 'initialized',
  address text NOT NULL,
  region text NOT NULL,
  province text NOT NULL,
  municipality_istat text NOT NULL,
  municipality_name text NOT NULL,
  zip_code text,
  latitude double precision NOT NULL,
  longitude double precision NOT NULL,
  media_owner_ids bigint[] NOT NULL DEFAULT '{}',
  authorization_ids bigint[] NOT NULL DEFAULT '{}',
  area_id bigint REFERENCES system_areas (id) ON DELETE SET NULL,
  lease_id bigint REFERENCES system_leases (id) ON DELETE SET NULL,
  domains text[] NOT NULL DEFAULT '{}',
  illuminated boolean NOT NULL DEFAULT false,
  faces integer NOT NULL DEFAULT 1,
  -- lower-case code, name, address, municipality, province, zip code: the `searchTerm` haystack
  search_text text NOT NULL DEFAULT '',
  data jsonb NOT NULL DEFAULT '{}'::jsonb,  -- sizes, frames, notes
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX systems_type ON systems (type, id);
CREATE INDEX systems_system_type ON systems (system_type);
CREATE INDEX systems_status ON systems (status);
CREATE INDEX systems_municipality ON systems (municipality_istat);
CREATE INDEX systems_province ON systems (province);
CREATE INDEX systems_region ON systems (region);
CREATE INDEX systems_area ON systems (area_id);
CREATE INDEX systems_lease ON systems (lease_id);
CREATE INDEX systems_media_owners ON systems USING gin (media_owner_ids);
CREATE INDEX systems_authorizations ON systems USING gin (authorization_ids);
CREATE INDEX systems_code_prefix ON systems (lower(code) text_pattern_ops);
CREATE INDEX systems_name_prefix ON systems (lower(name) text_pattern_ops);
-- bounding-box queries of the map (latitude first: the narrower band on Italy)
CREATE INDEX systems_lat_long ON systems (latitude, longitude);
