-- The central PostgreSQL's roles (README.md, "Sync to a central PostgreSQL" and "Central portal"): run as a superuser
-- or the database's owner, in the database (psql -d oee -f deploy/central-roles.sql), after the schema exists:
--
--   SYNC_DATABASE_URL=postgres://oee_owner:…@db.example:5432/oee oee-edge central migrate
--
-- Three roles, so that no plant and no analyst can change the schema or another's data (oee_owner below names the role
-- that ran `central migrate`: put yours in its place if it has another name):
--   oee_owner   owns the schemas oee and portal; the only one that runs `central migrate` (each new version's
--               migrations are applied with it, before the plants and the portal are upgraded).
--   oee_plant   what each plant's sync agent signs in as (its SYNC_DATABASE_URL): writes the replicated rows, its
--               cursor and its plant row; reads the views. One role for every plant is enough — PLANT_ID tells them
--               apart — or one per plant, each a member of oee_plant.
--   oee_portal  the central portal (`central serve`): reads the plant data, writes only its own users and sessions.
-- Replace the passwords. With pending migrations the agent and the portal try to apply them and, with these roles,
-- stop with a message saying to run `oee-edge central migrate` first.

-- CREATE ROLE oee_owner LOGIN PASSWORD 'change-me';   -- if the schema is not already owned by a role of its own
-- GRANT CREATE ON DATABASE oee TO oee_owner;

CREATE ROLE oee_plant LOGIN PASSWORD 'change-me';
GRANT CONNECT ON DATABASE oee TO oee_plant;
GRANT USAGE ON SCHEMA oee TO oee_plant;
-- The replicated tables, plants, plant_cursors and the day sums that the triggers of migration 0005 keep (a trigger
-- writes with the rights of the statement's role); tombstones are updates, so no DELETE on plant data is needed, but
-- the sums' triggers delete and re-insert their rows.
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA oee TO oee_plant;
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA oee TO oee_plant;
ALTER DEFAULT PRIVILEGES FOR ROLE oee_owner IN SCHEMA oee GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO oee_plant;
ALTER DEFAULT PRIVILEGES FOR ROLE oee_owner IN SCHEMA oee GRANT USAGE, SELECT ON SEQUENCES TO oee_plant;

CREATE ROLE oee_portal LOGIN PASSWORD 'change-me';
GRANT CONNECT ON DATABASE oee TO oee_portal;
GRANT USAGE ON SCHEMA oee TO oee_portal;
GRANT SELECT ON ALL TABLES IN SCHEMA oee TO oee_portal;          -- tables, views and the migration table
ALTER DEFAULT PRIVILEGES FOR ROLE oee_owner IN SCHEMA oee GRANT SELECT ON TABLES TO oee_portal;
GRANT USAGE ON SCHEMA portal TO oee_portal;
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA portal TO oee_portal;
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA portal TO oee_portal;
ALTER DEFAULT PRIVILEGES FOR ROLE oee_owner IN SCHEMA portal GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO oee_portal;
