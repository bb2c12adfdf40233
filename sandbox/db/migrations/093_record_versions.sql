-- No silent overwrites: every record an edit form saves carries a version that every write moves,
-- and who last saved it and when. An update that names the version it read is refused when the
-- record has moved on since (sandbox/store.ts, `guardedUpdate`). A system's version comes from the
-- sequence that already numbers the systems table's writes (migration 070), so one number line
-- orders both; the other tables share one sequence of their own. A write that does not say who
-- made it (a link opened, a scheduled run) leaves no name: `modified_by` is cleared and the time
-- is the database's.
CREATE SEQUENCE record_version_seq;

ALTER TABLE records ADD COLUMN version bigint NOT NULL DEFAULT nextval('record_version_seq'), ADD COLUMN modified_by text, ADD COLUMN modified_at timestamptz;

ALTER TABLE users ADD COLUMN version bigint NOT NULL DEFAULT nextval('record_version_seq'), ADD COLUMN modified_by text, ADD COLUMN modified_at timestamptz;

ALTER TABLE audit_detections ADD COLUMN version bigint NOT NULL DEFAULT nextval('record_version_seq'), ADD COLUMN modified_by text, ADD COLUMN modified_at timestamptz;

ALTER TABLE audit_subitems ADD COLUMN version bigint NOT NULL DEFAULT nextval('record_version_seq'), ADD COLUMN modified_by text, ADD COLUMN modified_at timestamptz;

ALTER TABLE systems ADD COLUMN version bigint NOT NULL DEFAULT nextval('systems_version_seq'), ADD COLUMN modified_by text, ADD COLUMN modified_at timestamptz;

CREATE FUNCTION row_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN NEW.version := nextval(TG_ARGV[0]::regclass); IF NEW.modified_by IS NOT DISTINCT FROM OLD.modified_by AND NEW.modified_at IS NOT DISTINCT FROM OLD.modified_at THEN NEW.modified_by := NULL; NEW.modified_at := clock_timestamp(); END IF; RETURN NEW; END $$;

CREATE TRIGGER records_version_bump BEFORE UPDATE ON records FOR EACH ROW EXECUTE FUNCTION row_version_bump('record_version_seq');

CREATE TRIGGER users_version_bump BEFORE UPDATE ON users FOR EACH ROW EXECUTE FUNCTION row_version_bump('record_version_seq');

CREATE TRIGGER audit_detections_version_bump BEFORE UPDATE ON audit_detections FOR EACH ROW EXECUTE FUNCTION row_version_bump('record_version_seq');

CREATE TRIGGER audit_subitems_version_bump BEFORE UPDATE ON audit_subitems FOR EACH ROW EXECUTE FUNCTION row_version_bump('record_version_seq');

CREATE TRIGGER systems_row_version_bump BEFORE UPDATE ON systems FOR EACH ROW EXECUTE FUNCTION row_version_bump('systems_version_seq');
