-- Every write of `records` moves `record_version_seq`: inserts and updates take a version from it
-- (migration 093), and now a delete statement takes one too. A count over records (the faces of the
-- availability screen) can then be kept while the sequence and `systems_version` stand still.
CREATE FUNCTION records_delete_bump() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM nextval('record_version_seq'); RETURN NULL; END $$;

CREATE TRIGGER records_delete_bump AFTER DELETE OR TRUNCATE ON records
  FOR EACH STATEMENT EXECUTE FUNCTION records_delete_bump();
