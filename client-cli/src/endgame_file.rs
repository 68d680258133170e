//! `mancala solve --endgame-file`: an endgame database saved to a file and
//! read back. The bytes are the engine's own format
//! ([`Endgame::write_to`], [`Endgame::read_from`], which check every field
//! and a hash); this module owns the file: written beside its final name
//! and renamed, so a file of that name is always whole.

use crate::text::{Text, t};
use engine::{Endgame, EndgameReadError};
use protocol::rules::Ruleset;
use std::fs::File;
use std::io::{BufReader, BufWriter, Write};
use std::path::Path;

/// Why a database file was not written or read.
#[derive(Debug, thiserror::Error)]
pub enum EndgameFileError {
    #[error("endgame database file {path}: {problem}")]
    File { path: String, problem: String },
    #[error("endgame database file {path}: {source}")]
    Read {
        path: String,
        #[source]
        source: EndgameReadError,
    },
}

impl EndgameFileError {
    /// The error in `text`'s language (what the system or the file's
    /// format says stays as it is said).
    pub fn say(&self, text: &Text) -> String {
        let (path, problem) = match self {
            EndgameFileError::File { path, problem } => (path, problem.clone()),
            EndgameFileError::Read { path, source } => (path, source.to_string()),
        };
        t!(
            text,
            "solve-file-problem",
            path = path.as_str(),
            problem = problem
        )
    }
}

fn problem(path: &Path, problem: impl std::fmt::Display) -> EndgameFileError {
    EndgameFileError::File {
        path: path.display().to_string(),
        problem: problem.to_string(),
    }
}

/// Write `endgame` to `path` (through a temporary file beside it).
pub fn save(endgame: &Endgame, path: &Path) -> Result<(), EndgameFileError> {
    let mut temporary = path.as_os_str().to_owned();
    temporary.push(".partial");
    let temporary = std::path::PathBuf::from(temporary);
    let written = (|| -> std::io::Result<()> {
        let mut file = BufWriter::new(File::create(&temporary)?);
        endgame.write_to(&mut file)?;
        file.flush()?;
        file.get_ref().sync_all()?;
        std::fs::rename(&temporary, path)
    })();
    written.map_err(|e| {
        let _ = std::fs::remove_file(&temporary);
        problem(path, e)
    })
}

/// Read the database of `ruleset` up to `seeds` seeds from `path`, if
/// that is what the file holds (for these rules or any it serves) and it
/// fits in `limit` bytes.
pub fn load(
    path: &Path,
    ruleset: Ruleset,
    seeds: u32,
    limit: u64,
) -> Result<Endgame, EndgameFileError> {
    let file = File::open(path).map_err(|e| problem(path, e))?;
    Endgame::read_from(&mut BufReader::new(file), ruleset, seeds, limit).map_err(|source| {
        EndgameFileError::Read {
            path: path.display().to_string(),
            source,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use protocol::rules::KalahParams;

    fn kalah(houses: u8, seeds: u8) -> Ruleset {
        Ruleset::Kalah(KalahParams::with_houses(houses, seeds, false).expect("a board"))
    }

    /// The file round trip; the format's own checks are the engine's tests.
    #[test]
    fn a_saved_database_reads_back_and_a_refusal_names_the_file() {
        let dir = tempfile::tempdir().expect("a directory");
        let path = dir.path().join("kalah.endgame");
        let endgame = Endgame::build(kalah(3, 3), 8, u64::MAX, |_, _| {}).expect("built");
        save(&endgame, &path).expect("saved");
        assert!(!dir.path().join("kalah.endgame.partial").exists());
        let loaded = load(&path, kalah(3, 3), 8, u64::MAX).expect("loaded");
        assert_eq!(loaded.values(), endgame.values());
        let refused = load(&path, kalah(4, 3), 8, u64::MAX)
            .err()
            .expect("refused");
        assert!(
            refused.to_string().contains("kalah.endgame: it holds"),
            "{refused}"
        );
        let missing = load(&dir.path().join("missing"), kalah(3, 3), 8, u64::MAX);
        assert!(
            missing
                .err()
                .expect("refused")
                .to_string()
                .contains("missing")
        );
    }
}
