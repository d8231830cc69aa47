//! Per-session bounds on long-lived answers (the chat stream, the tutor's answers): a session
//! holds at most a configured number of each at once, so one browser cannot tie up the
//! gateway's connections or the tenant's services. A slot is given back when its guard is
//! dropped, which happens when the stream ends or the browser goes away.

use std::{
    collections::HashMap,
    sync::{Arc, Mutex},
};

/// The kinds of long-lived answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum StreamKind {
    /// `GET /api/bff/chat/stream`.
    Chat,
    /// `POST /api/bff/tutor/answers`.
    Tutor,
}

/// Streams in progress by kind and session.
#[derive(Debug, Default)]
pub struct StreamSlots {
    held: Mutex<HashMap<(StreamKind, String), u32>>,
}

/// A held slot; dropping it frees the slot.
#[derive(Debug)]
pub struct StreamSlot {
    slots: Arc<StreamSlots>,
    key: (StreamKind, String),
}

impl StreamSlots {
    /// Takes a slot of `kind` for `session`, unless it already holds `max`.
    pub fn acquire(self: &Arc<Self>, kind: StreamKind, session: &str, max: u32) -> Option<StreamSlot> {
        let key = (kind, session.to_string());
        let mut held = self.held.lock().unwrap_or_else(|p| p.into_inner());
        let count = held.entry(key.clone()).or_insert(0);
        if *count >= max {
            return None;
        }
        *count += 1;
        Some(StreamSlot { slots: self.clone(), key })
    }

    /// Slots of `kind` held by `session` (for tests and metrics).
    pub fn held(&self, kind: StreamKind, session: &str) -> u32 {
        let held = self.held.lock().unwrap_or_else(|p| p.into_inner());
        held.get(&(kind, session.to_string())).copied().unwrap_or(0)
    }
}

impl Drop for StreamSlot {
    fn drop(&mut self) {
        let mut held = self.slots.held.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(count) = held.get_mut(&self.key) {
            *count = count.saturating_sub(1);
            if *count == 0 {
                held.remove(&self.key);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_session_holds_at_most_max_slots_and_dropping_one_frees_it() {
        let slots = Arc::new(StreamSlots::default());
        let first = slots.acquire(StreamKind::Tutor, "s1", 2).expect("first");
        let _second = slots.acquire(StreamKind::Tutor, "s1", 2).expect("second");
        assert!(slots.acquire(StreamKind::Tutor, "s1", 2).is_none(), "third refused");
        assert!(slots.acquire(StreamKind::Tutor, "s2", 2).is_some(), "another session has its own");
        assert!(slots.acquire(StreamKind::Chat, "s1", 1).is_some(), "another kind has its own");
        drop(first);
        assert_eq!(slots.held(StreamKind::Tutor, "s1"), 1);
        assert!(slots.acquire(StreamKind::Tutor, "s1", 2).is_some(), "freed");
    }
}
