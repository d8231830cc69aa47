//! Replays every committed fuzz corpus file (`fuzz/corpus/<target>/`) through the functions the
//! cargo-fuzz targets call, so the corpus, crashers included, runs on stable in every test run.

use std::path::PathBuf;

fn replay(target: &str, check: fn(&[u8])) {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fuzz/corpus").join(target);
    let mut replayed = 0;
    for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("reading {}: {e}", dir.display())) {
        let path = entry.expect("corpus entry").path();
        let data = std::fs::read(&path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
        check(&data);
        replayed += 1;
    }
    assert!(replayed >= 5, "{target}: only {replayed} corpus files");
}

#[test]
fn redirect_check_corpus_replays_cleanly() {
    replay("redirect_check", gateway::auth::redirect_check::check_fuzz_input);
}

#[test]
fn cookies_corpus_replays_cleanly() {
    replay("cookies", gateway::auth::cookies::check_fuzz_input);
}
