-- Read performance of the systems lists (issue 9): a version of the `systems` table that every
-- write statement moves, so that a list can keep its count while the table is unchanged; and the
-- planner's statistics, which the sandbox never gathered (PGlite runs no autovacuum). The version
-- comes from a sequence, so a rolled-back write never leaves a number that a later one reuses.
CREATE TABLE systems_version (
  one boolean PRIMARY KEY DEFAULT true CHECK (one),
  version bigint NOT NULL DEFAULT 0
);

INSERT INTO systems_version (one, version) VALUES (true, 0);

CREATE SEQUENCE systems_version_seq;

CREATE FUNCTION systems_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE systems_version SET version = nextval('systems_version_seq'); RETURN NULL; END $$;

CREATE TRIGGER systems_version_bump AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON systems
  FOR EACH STATEMENT EXECUTE FUNCTION systems_version_bump();

ANALYZE;
