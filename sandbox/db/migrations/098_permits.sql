-- Authorizations and leases as records: what they cost, their reference and notes, and the version
-- every write moves (no silent overwrites); their documents are files owned by them.
ALTER TABLE system_leases ADD COLUMN reference text, ADD COLUMN notes text,
  ADD COLUMN version bigint NOT NULL DEFAULT nextval('record_version_seq'), ADD COLUMN modified_by text, ADD COLUMN modified_at timestamptz;

ALTER TABLE system_authorizations ADD COLUMN cost numeric, ADD COLUMN notes text,
  ADD COLUMN version bigint NOT NULL DEFAULT nextval('record_version_seq'), ADD COLUMN modified_by text, ADD COLUMN modified_at timestamptz;

CREATE TRIGGER system_leases_version_bump BEFORE UPDATE ON system_leases FOR EACH ROW EXECUTE FUNCTION row_version_bump('record_version_seq');

CREATE TRIGGER system_authorizations_version_bump BEFORE UPDATE ON system_authorizations FOR EACH ROW EXECUTE FUNCTION row_version_bump('record_version_seq');
