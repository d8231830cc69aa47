//! SQL fragments that shape the sandbox's rows as the upstream API's JSON (spec section 3).
//! SQLite builds the JSON in the same query that finds the rows, so a list is one query.
//! Aliases: `o` objectives, `a` accesses, `w` workflows, `r` records, `c` certificates.

/// `d(x)`: a Unix time column as an RFC 3339 string (null stays null).
macro_rules! d {
    ($col:literal) => {
        concat!("strftime('%Y-%m-%dT%H:%M:%SZ', ", $col, ", 'unixepoch')")
    };
}

/// `b(x)`: an integer column as a JSON boolean.
macro_rules! b {
    ($col:literal) => {
        concat!("json(CASE WHEN ", $col, " THEN 'true' ELSE 'false' END)")
    };
}

/// An objective (course) with its root activity and collections; `SCALE` marks where
/// [`objective`] puts its grading scale.
const OBJECTIVE_BASE: &str = concat!(
    "json_object('id', o.id, 'name', o.name, 'code', o.code, 'description', o.description, 'about', o.about,
     'imageUrl', o.image_url, 'type', o.activity_type, 'state', o.state, 'displayMode', o.display_mode,
     'presentationMode', o.presentation_mode, 'proctored', ",
    b!("o.proctored"),
    ", 'supportMobileView', json('true'), 'supportFullscreenView', json('true'), 'supportLtiAuthoring', json('false'),
     'supportReview', ",
    b!("o.support_review"),
    ", 'activity', json_object('id', o.activity_id, 'type', o.activity_type, 'state', o.activity_state,
        'childrenCount', o.children_count, 'preferredWidth', 1024, 'preferredHeight', 768,
        'presentationMode', o.presentation_mode, 'supportReview', ",
    b!("o.support_review"),
    "),
     'showcases', json((SELECT json_group_array(json_object('id', sc.id, 'name', sc.name)) FROM objective_showcases os
        JOIN showcases sc ON sc.id = os.showcase_id WHERE os.objective_id = o.id)),
     'gradingScaleId', o.grading_scale_id,
     SCALE'certificateTemplates', CASE WHEN o.certificate_template IS NULL THEN json('[]')
        ELSE json_array(json_object('name', o.certificate_template, 'validDays', o.certificate_valid_days)) END,
     'announcementChannelId', (SELECT ch.id FROM chat_channels ch WHERE ch.objective_id = o.id AND ch.kind = 'announcement'), 'duration', o.duration, 'knowledgeModelId', o.knowledge_model_id)"
);

/// An objective workflow (needs `a` for protectResults).
pub(super) const WORKFLOW: &str = concat!(
    "json_object('id', w.id, 'objectiveWorkflowAggregateId', w.aggregate_id, 'state', w.state, 'progress', w.progress,
     'started', ",
    d!("w.started"),
    ", 'submitted', ",
    d!("w.submitted"),
    ", 'finished', ",
    d!("w.finished"),
    ", 'protectResults', ",
    b!("a.protect_results"),
    ", 'objectiveRecordId', w.record_id)"
);

/// An objective record (needs `a` for protectResults).
pub(super) const RECORD: &str = concat!(
    "json_object('id', r.id, 'objectiveWorkflowAggregateId', r.aggregate_id, 'objectiveWorkflowId', r.workflow_id,
     'finished', ",
    b!("r.finished"),
    ", 'score', r.score, 'maxScore', r.max_score, 'normalizedScore', r.normalized_score, 'grade', r.grade,
     'passed', ",
    b!("r.passed"),
    ", 'progress', r.progress, 'protectResults', ",
    b!("a.protect_results"),
    ", 'created', ",
    d!("r.created"),
    ")"
);

/// The objective workflow aggregate (enrolled course) of access `a` joined to objective `o`;
/// `?1` is the system time in milliseconds (self-enrolments take effect later).
pub(super) const AGGREGATE: &str = concat!(
    "json_object('id', a.aggregate_id, 'objectiveAccess', json_object('id', a.id), 'isMandatory', ",
    b!("a.is_mandatory"),
    ", 'showInCatalog', ",
    b!("a.show_in_catalog"),
    ", 'termId', a.term_id, 'userId', a.user_id,
     'isSelfEnrolled', json(CASE WHEN a.self_enrolled_ms IS NOT NULL AND a.self_enrolled_ms <= ?1 THEN 'true' ELSE 'false' END),
     'retake', ",
    b!("a.retake"),
    ", 'dueDate', ",
    d!("a.due_date"),
    ", 'availabilityDate', ",
    d!("a.availability_date"),
    ", 'availabilityEndDate', ",
    d!("a.availability_end_date"),
    ", 'gradeRevealPolicy', a.grade_reveal_policy, 'gradeRevealDate', ",
    d!("a.grade_reveal_date"),
    ", 'protectResults', ",
    b!("a.protect_results"),
    ", 'objective', json(OBJ), 'objectiveGradingScale', (SELECT json(g.body) FROM grading_scales g WHERE g.id = o.grading_scale_id),
     'lastObjectiveWorkflow', (SELECT json(WF) FROM workflows w WHERE w.aggregate_id = a.aggregate_id ORDER BY w.started DESC, w.rowid DESC LIMIT 1),
     'lastObjectiveRecord', (SELECT json(REC) FROM records r WHERE r.aggregate_id = a.aggregate_id ORDER BY r.created DESC, r.rowid DESC LIMIT 1))"
);

/// [`OBJECTIVE_BASE`] with the objective's grading scale: an objective on its own.
pub(super) fn objective() -> String {
    OBJECTIVE_BASE.replace(
        "SCALE",
        "'objectiveGradingScale', (SELECT json(g.body) FROM grading_scales g WHERE g.id = o.grading_scale_id),\n     ",
    )
}

/// [`AGGREGATE`] with its placeholders filled in. The grading scale is given once, on the
/// aggregate, not again inside its objective: lists of hundreds of courses stay small.
pub(super) fn aggregate() -> String {
    AGGREGATE.replace("OBJ", &OBJECTIVE_BASE.replace("SCALE", "")).replace("WF", WORKFLOW).replace("REC", RECORD)
}

/// `FROM` and `WHERE` of the aggregates a user sees: `?1` now in ms, `?2` the user.
pub(super) const VISIBLE_ACCESSES: &str =
    "FROM accesses a JOIN objectives o ON o.id = a.objective_id WHERE a.user_id = ?2 AND a.visible_ms <= ?1";

/// A certificate record; `?1` is the sandbox's public URL with the tenant's API path
/// (`http://host/t/acme/api/`).
pub(super) const CERTIFICATE: &str = concat!(
    "json_object('id', c.id, 'certificateNumber', c.number, 'certificateTemplate', json_object('name', c.template),
     'certificatePdfUrl', ?1 || 'public/certificate-records/' || c.id || '/certificate.pdf',
     'certificatePngUrl', ?1 || 'public/certificate-records/' || c.id || '/certificate.png',
     'externalUrl', ?1 || 'public/certificate-records/' || c.id,
     'expirationDate', ",
    d!("c.expiration"),
    ", 'objectiveId', c.objective_id, 'userId', c.user_id, 'normalizedPassingScore', c.normalized_passing_score,
     'objective', (SELECT json_object('id', o.id, 'name', o.name) FROM objectives o WHERE o.id = c.objective_id),
     'user', (SELECT json_object('id', u.id, 'first_name', u.first_name, 'last_name', u.last_name) FROM users u WHERE u.id = c.user_id),
     'objectiveRecord', (SELECT json_object('id', r.id, 'score', r.score, 'maxScore', r.max_score,
        'normalizedScore', r.normalized_score, 'grade', r.grade, 'passed', ",
    b!("r.passed"),
    ", 'finished', ",
    b!("r.finished"),
    ") FROM records r WHERE r.id = c.record_id),
     'created', ",
    d!("c.created"),
    ")"
);
