-- The sandbox's schema: every table and index, created in a new database at every start
-- (see db.rs). Times are Unix seconds except the `*_ms` columns (system-clock milliseconds).
PRAGMA foreign_keys = ON;
CREATE TABLE users (
    id TEXT PRIMARY KEY, tenant TEXT NOT NULL, username TEXT NOT NULL, password_sha256 TEXT NOT NULL,
    email TEXT NOT NULL, first_name TEXT, middle_name TEXT, last_name TEXT, timezone TEXT,
    roles TEXT NOT NULL, permissions TEXT NOT NULL, UNIQUE (tenant, username));
CREATE TABLE units (id TEXT PRIMARY KEY, tenant TEXT NOT NULL, name TEXT NOT NULL, code TEXT);
CREATE TABLE user_units (user_id TEXT NOT NULL REFERENCES users(id), unit_id TEXT NOT NULL REFERENCES units(id),
    is_primary INTEGER NOT NULL);
CREATE INDEX user_units_user ON user_units (user_id);
CREATE TABLE showcases (
    id TEXT PRIMARY KEY, tenant TEXT NOT NULL, name TEXT NOT NULL, code TEXT, description TEXT, ord INTEGER);
CREATE TABLE terms (id TEXT PRIMARY KEY, tenant TEXT NOT NULL, name TEXT NOT NULL);
CREATE TABLE user_terms (user_id TEXT NOT NULL REFERENCES users(id), term_id TEXT NOT NULL REFERENCES terms(id));
CREATE INDEX user_terms_user ON user_terms (user_id);
CREATE TABLE grading_scales (id TEXT PRIMARY KEY, tenant TEXT NOT NULL, body TEXT NOT NULL);
CREATE TABLE objectives (
    id TEXT PRIMARY KEY, tenant TEXT NOT NULL, name TEXT NOT NULL, code TEXT, description TEXT, about TEXT,
    image_url TEXT, state INTEGER NOT NULL, activity_id TEXT NOT NULL, activity_type TEXT NOT NULL,
    activity_state INTEGER NOT NULL, children_count INTEGER, grading_scale_id TEXT, duration INTEGER,
    display_mode INTEGER NOT NULL, presentation_mode INTEGER NOT NULL, proctored INTEGER NOT NULL,
    support_review INTEGER NOT NULL, in_catalog INTEGER NOT NULL, certificate_template TEXT,
    certificate_valid_days INTEGER, knowledge_model_id TEXT);
CREATE INDEX objectives_catalog ON objectives (tenant, in_catalog);
CREATE TABLE objective_showcases (
    objective_id TEXT NOT NULL REFERENCES objectives(id), showcase_id TEXT NOT NULL REFERENCES showcases(id));
CREATE INDEX objective_showcases_objective ON objective_showcases (objective_id);
CREATE INDEX objective_showcases_showcase ON objective_showcases (showcase_id);
-- The activity tree of each course: the root (no parent) is the course's own activity;
-- every other row is also the part that places it under its parent.
CREATE TABLE activities (
    id TEXT PRIMARY KEY, objective_id TEXT NOT NULL REFERENCES objectives(id), parent_id TEXT,
    part_id TEXT, path TEXT NOT NULL, ord INTEGER NOT NULL, name TEXT NOT NULL, code TEXT, type TEXT NOT NULL,
    state INTEGER NOT NULL, optional INTEGER NOT NULL, locked INTEGER NOT NULL, score_weight REAL NOT NULL,
    max_score REAL NOT NULL, proctored INTEGER NOT NULL, collaborative INTEGER NOT NULL,
    support_review INTEGER NOT NULL, duration INTEGER, constraint_json TEXT, content_json TEXT);
CREATE INDEX activities_objective ON activities (objective_id, path);
CREATE INDEX activities_part ON activities (part_id);
CREATE TABLE accesses (
    id TEXT PRIMARY KEY, aggregate_id TEXT NOT NULL UNIQUE, user_id TEXT NOT NULL REFERENCES users(id),
    objective_id TEXT NOT NULL REFERENCES objectives(id), is_mandatory INTEGER NOT NULL,
    show_in_catalog INTEGER NOT NULL, term_id TEXT, self_enrolled_ms INTEGER, visible_ms INTEGER NOT NULL,
    retake INTEGER NOT NULL, due_date INTEGER, availability_date INTEGER, availability_end_date INTEGER,
    grade_reveal_policy TEXT NOT NULL, grade_reveal_date INTEGER, protect_results INTEGER NOT NULL);
CREATE INDEX accesses_user ON accesses (user_id, objective_id);
CREATE TABLE workflows (
    id TEXT PRIMARY KEY, aggregate_id TEXT NOT NULL REFERENCES accesses(aggregate_id),
    state INTEGER NOT NULL, progress REAL, started INTEGER NOT NULL, submitted INTEGER, finished INTEGER,
    record_id TEXT);
CREATE INDEX workflows_aggregate ON workflows (aggregate_id, started);
CREATE TABLE records (
    id TEXT PRIMARY KEY, aggregate_id TEXT NOT NULL REFERENCES accesses(aggregate_id), workflow_id TEXT,
    grade TEXT, passed INTEGER, finished INTEGER, score REAL, max_score REAL, normalized_score REAL,
    progress REAL, created INTEGER NOT NULL);
CREATE INDEX records_aggregate ON records (aggregate_id, created);
CREATE TABLE activity_workflows (
    id TEXT PRIMARY KEY, objective_workflow_id TEXT NOT NULL REFERENCES workflows(id),
    activity_id TEXT NOT NULL REFERENCES activities(id), state INTEGER NOT NULL, started INTEGER NOT NULL,
    submitted INTEGER, finished INTEGER, score REAL, progress REAL, data TEXT, proctoring_session_id TEXT);
CREATE INDEX activity_workflows_workflow ON activity_workflows (objective_workflow_id, activity_id);
CREATE TABLE activity_records (
    id TEXT PRIMARY KEY, activity_workflow_id TEXT NOT NULL REFERENCES activity_workflows(id),
    objective_workflow_id TEXT NOT NULL, aggregate_id TEXT NOT NULL, activity_id TEXT NOT NULL,
    score REAL NOT NULL, max_score REAL NOT NULL, normalized_score REAL NOT NULL, passed INTEGER NOT NULL,
    created INTEGER NOT NULL);
CREATE INDEX activity_records_aggregate ON activity_records (aggregate_id);
CREATE INDEX activity_records_workflow ON activity_records (objective_workflow_id);
CREATE TABLE proctoring_sessions (
    id TEXT PRIMARY KEY, activity_workflow_id TEXT NOT NULL, state INTEGER NOT NULL, created INTEGER NOT NULL,
    finished INTEGER);
CREATE INDEX proctoring_sessions_workflow ON proctoring_sessions (activity_workflow_id, created);
CREATE TABLE group_workflows (
    id TEXT PRIMARY KEY, aggregate_id TEXT NOT NULL, activity_id TEXT NOT NULL, name TEXT NOT NULL,
    state INTEGER NOT NULL, members TEXT NOT NULL);
CREATE TABLE participants (
    objective_id TEXT NOT NULL, activity_id TEXT NOT NULL, user_id TEXT NOT NULL REFERENCES users(id),
    role TEXT NOT NULL);
CREATE INDEX participants_activity ON participants (activity_id);
CREATE TABLE certificates (
    id TEXT PRIMARY KEY, tenant TEXT NOT NULL, number TEXT NOT NULL, user_id TEXT NOT NULL,
    objective_id TEXT NOT NULL, record_id TEXT NOT NULL, template TEXT NOT NULL, created INTEGER NOT NULL,
    expiration INTEGER, normalized_passing_score REAL);
CREATE INDEX certificates_number ON certificates (tenant, number);
CREATE INDEX certificates_owner ON certificates (tenant, objective_id, user_id);
CREATE TABLE commands (
    id TEXT PRIMARY KEY, tenant TEXT NOT NULL, user_id TEXT NOT NULL, kind TEXT NOT NULL,
    status INTEGER NOT NULL, errors TEXT, result TEXT);
CREATE TABLE idp_sessions (id TEXT PRIMARY KEY, tenant TEXT NOT NULL, user_id TEXT NOT NULL, sid TEXT NOT NULL,
    auth_time INTEGER NOT NULL, ended INTEGER NOT NULL DEFAULT 0);
CREATE TABLE auth_codes (code TEXT PRIMARY KEY, tenant TEXT NOT NULL, client_id TEXT NOT NULL,
    redirect_uri TEXT NOT NULL, code_challenge TEXT NOT NULL, nonce TEXT, scope TEXT NOT NULL,
    user_id TEXT NOT NULL, sid TEXT NOT NULL, auth_time INTEGER NOT NULL, expires_at INTEGER NOT NULL);
CREATE TABLE refresh_tokens (token TEXT PRIMARY KEY, tenant TEXT NOT NULL, user_id TEXT NOT NULL,
    sid TEXT NOT NULL, family TEXT NOT NULL, scope TEXT NOT NULL, used INTEGER NOT NULL DEFAULT 0,
    revoked INTEGER NOT NULL DEFAULT 0);
