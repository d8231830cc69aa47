//! The tenant's AI tutor, at `POST /t/{tenant}/api/tutor/answers`: a stand-in that answers from
//! the course's own text. It finds the sentences of the course (name, description, About,
//! activity names) that share the most words with the question and streams an answer built
//! from them, word by word, as server-sent events:
//!
//! ```text
//! event: citation   data: {"source": "About the course", "passage": "..."}   (one per passage used)
//! event: token      data: {"text": "word "}                                 (one per word)
//! event: done       data: {"knowledgeModelId": ...}                      (the model it was asked with)
//! ```
//!
//! The pause between tokens is `SandboxConfig::tutor_token_delay`; the fault API makes it fail
//! or stall (`{"path": "tutor/**", ...}`). Only a learner with an access to the course may ask
//! (404 otherwise, as if the course did not exist).

use std::{collections::HashSet, convert::Infallible, time::Duration};

use axum::{
    Json, Router,
    body::{Body, Bytes},
    extract::{Path, State, rejection::JsonRejection},
    http::{HeaderMap, header},
    response::Response,
    routing::post,
};
use futures::stream;
use rusqlite::{OptionalExtension, params};
use serde::Deserialize;
use serde_json::json;

use super::user;
use crate::{Shared, error::ApiError};

/// Longest question the tutor accepts, in characters.
pub(crate) const MAX_QUESTION_CHARS: usize = 2_000;
/// Passages cited at most.
const MAX_PASSAGES: usize = 2;

pub(super) fn routes() -> Router<Shared> {
    Router::new().route("/t/{tenant}/api/tutor/answers", post(answer))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct Question {
    objective_id: String,
    #[serde(default)]
    knowledge_model_id: Option<String>,
    question: String,
}

/// A piece of course text and where it comes from.
struct Passage {
    source: String,
    text: String,
}

async fn answer(
    State(s): State<Shared>,
    Path(tenant): Path<String>,
    headers: HeaderMap,
    body: Result<Json<Question>, JsonRejection>,
) -> Result<Response, ApiError> {
    let user = user(&s, &tenant, &headers)?;
    let Json(q) = body.map_err(|e| ApiError::bad_request(e.body_text()))?;
    let question = q.question.trim();
    if question.is_empty() {
        return Err(ApiError::bad_request("question: Field is required"));
    }
    if question.chars().count() > MAX_QUESTION_CHARS {
        return Err(ApiError::bad_request(format!("question: Maximum length is {MAX_QUESTION_CHARS}")));
    }
    let (course, passages) = course_text(&s, &tenant, &user, &q.objective_id)?;
    let chosen = best_passages(&passages, question);
    let text = if chosen.is_empty() {
        // Two of its activities as topics, named as they are (without the passage's full stop).
        let topics: Vec<String> = passages
            .iter()
            .filter(|p| p.source == "Course contents")
            .take(2)
            .map(|p| format!("“{}”", p.text.trim_end_matches('.')))
            .collect();
        match topics.as_slice() {
            [] => format!("I could not find that in {course}."),
            _ => format!(
                "I could not find that in {course}. Try asking about one of its topics, for example {}.",
                topics.join(" or ")
            ),
        }
    } else {
        let cited: Vec<&str> = chosen.iter().map(|p| p.text.as_str()).collect();
        format!("According to {course}: {}", cited.join(" "))
    };
    // The stand-in answers from the course itself either way; `done` names the model it was given.
    let model = q.knowledge_model_id.clone();

    let mut events: Vec<Bytes> =
        chosen.iter().map(|p| sse("citation", &json!({ "source": p.source, "passage": p.text }))).collect();
    events.extend(text.split_inclusive(' ').map(|word| sse("token", &json!({ "text": word }))));
    events.push(sse("done", &json!({ "knowledgeModelId": model })));
    let delay = s.tutor_token_delay;
    let stream = stream::unfold((events.into_iter(), true), move |(mut rest, first)| async move {
        let next = rest.next()?;
        if !first && !delay.is_zero() {
            tokio::time::sleep(delay).await;
        }
        Some((Ok::<_, Infallible>(next), (rest, false)))
    });
    Ok(Response::builder()
        .header(header::CONTENT_TYPE, "text/event-stream")
        .header(header::CACHE_CONTROL, "no-cache")
        .body(Body::from_stream(stream))
        .unwrap_or_default())
}

fn sse(event: &str, data: &serde_json::Value) -> Bytes {
    Bytes::from(format!("event: {event}\ndata: {data}\n\n"))
}

/// The course's name and its text in sentences, if `user` has an access to it.
fn course_text(s: &Shared, tenant: &str, user: &str, objective: &str) -> Result<(String, Vec<Passage>), ApiError> {
    let db = s.db();
    let row: Option<(String, Option<String>, Option<String>)> = db
        .query_row(
            "SELECT o.name, o.description, o.about FROM objectives o
             WHERE o.id = ?1 AND o.tenant = ?2 AND EXISTS (SELECT 1 FROM accesses a WHERE a.objective_id = o.id AND a.user_id = ?3)",
            params![objective, tenant, user],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
        .optional()?;
    let Some((name, description, about)) = row else {
        return Err(ApiError::not_found("no such course for this learner"));
    };
    let mut passages = Vec::new();
    for (source, text) in [("Description", description), ("About the course", about.map(|html| strip_tags(&html)))] {
        for sentence in sentences(&text.unwrap_or_default()) {
            passages.push(Passage { source: source.to_string(), text: sentence });
        }
    }
    let mut stmt =
        db.prepare("SELECT name FROM activities WHERE objective_id = ?1 AND parent_id IS NOT NULL ORDER BY path")?;
    for activity in stmt.query_map([objective], |r| r.get::<_, String>(0))? {
        passages.push(Passage { source: "Course contents".into(), text: format!("{}.", activity?) });
    }
    Ok((name, passages))
}

/// Text without its tags (the About HTML), whitespace collapsed.
fn strip_tags(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' => {
                in_tag = false;
                out.push(' ');
            }
            c if !in_tag => out.push(c),
            _ => {}
        }
    }
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Sentences of `text` (cut after `.`, `!` or `?`), trimmed, empty ones left out.
fn sentences(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current = String::new();
    for c in text.chars() {
        current.push(c);
        if matches!(c, '.' | '!' | '?') {
            let s = current.trim().to_string();
            if s.len() > 1 {
                out.push(s);
            }
            current.clear();
        }
    }
    let rest = current.trim();
    if !rest.is_empty() {
        out.push(rest.to_string());
    }
    out
}

/// Lower-case words of four letters or more: the ones that say what a question is about.
fn words(text: &str) -> HashSet<String> {
    text.split(|c: char| !c.is_alphanumeric()).filter(|w| w.chars().count() >= 4).map(str::to_lowercase).collect()
}

/// The passages sharing the most words with the question (at least one), best first.
fn best_passages<'a>(passages: &'a [Passage], question: &str) -> Vec<&'a Passage> {
    let asked = words(question);
    let mut scored: Vec<(usize, usize, &Passage)> = passages
        .iter()
        .enumerate()
        .map(|(i, p)| (words(&p.text).intersection(&asked).count(), i, p))
        .filter(|(score, _, _)| *score > 0)
        .collect();
    scored.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    scored.into_iter().take(MAX_PASSAGES).map(|(_, _, p)| p).collect()
}

/// Default pause between two tokens of an answer.
pub(crate) const DEFAULT_TOKEN_DELAY: Duration = Duration::from_millis(30);

#[cfg(test)]
mod tests {
    use super::*;

    fn passage(text: &str) -> Passage {
        Passage { source: "About the course".into(), text: text.into() }
    }

    #[test]
    fn the_passages_sharing_most_words_with_the_question_are_chosen_best_first() {
        let passages = [
            passage("Phishing emails ask for passwords."),
            passage("Strong passwords use a manager and phishing awareness helps."),
            passage("Lunch is at noon."),
        ];
        let chosen = best_passages(&passages, "How do I spot phishing and keep passwords safe?");
        let texts: Vec<&str> = chosen.iter().map(|p| p.text.as_str()).collect();
        assert_eq!(
            texts,
            ["Phishing emails ask for passwords.", "Strong passwords use a manager and phishing awareness helps."]
        );
        assert!(best_passages(&passages, "What about the weather?").is_empty());
    }

    #[test]
    fn html_becomes_sentences_without_tags() {
        let text = strip_tags("<h2>Intro</h2><p>First one. Second <b>bold</b> one!</p>");
        assert_eq!(sentences(&text), ["Intro First one.", "Second bold one!"]);
    }
}
