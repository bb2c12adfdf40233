-- Audit service (media monitor): detections, their sub-item values, agents and the lookup data
-- (media suppliers, secretarial data). Own tables so ids start at 1 per kind, as the audit
-- document's examples assume (agent 3, format value 1, detection 1024).
CREATE TABLE audit_agents (
  id bigserial PRIMARY KEY,
  name text NOT NULL,
  surname text NOT NULL,
  email text NOT NULL
);

CREATE UNIQUE INDEX audit_agents_full_name ON audit_agents (lower(name || ' ' || surname));

-- Values of a sub-item type (Gestione Campi); ids are unique within their type.
CREATE TABLE audit_subitems (
  type text NOT NULL,
  id bigint NOT NULL,
  name text NOT NULL,
  description text,
  PRIMARY KEY (type, id)
);

CREATE UNIQUE INDEX audit_subitems_name ON audit_subitems (type, lower(name));

-- One detection: its id and date as columns (the period queries), the rest as the document shows it.
CREATE TABLE audit_detections (
  audit_id bigserial PRIMARY KEY,
  detection_date date NOT NULL,
  data jsonb NOT NULL
);

CREATE INDEX audit_detections_date ON audit_detections (detection_date);
CREATE INDEX audit_detections_brand ON audit_detections ((data->>'brandName'));
CREATE INDEX audit_detections_lead ON audit_detections ((data->>'leadStatus'));

-- Lookup data: kind 'mediaSupplier' keyed by media owner, 'brand' and 'subject' keyed by name.
CREATE TABLE audit_lookups (
  kind text NOT NULL,
  key text NOT NULL,
  data jsonb NOT NULL,
  PRIMARY KEY (kind, key)
);
