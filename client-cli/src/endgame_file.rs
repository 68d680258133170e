//! `mancala solve --endgame-file`: an endgame database saved to a file and
//! read back, so that a database that takes minutes to build (an 18-seed
//! one for 12 houses: 45 s) is built once. (The engine does no I/O; it
//! gives its values out and takes them back, checked.)
//!
//! The file is one line of JSON saying what it holds (format, version,
//! ruleset, seeds, entries and the SHA-256 of the values), then the values,
//! one byte a board. It is written beside its final name and renamed, so
//! a file of that name is always whole; reading checks every field and the
//! hash, so a file of other rules, other seeds or damaged is refused in
//! words, never used. Other seeds per house are not other rules: a
//! database depends on the houses and the capture rule only
//! ([`Endgame::serves`]), so one file serves Kalah(6, 4), (6, 5) and (6, 6).

use engine::{Endgame, EndgameError};
use protocol::rules::Ruleset;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::fs::File;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;

const FORMAT: &str = "mancala-endgame";
const VERSION: u32 = 1;

/// The longest header read: a line longer than this is not one of ours.
const MAX_HEADER: u64 = 4096;

#[derive(Serialize, Deserialize)]
struct Header {
    format: String,
    version: u32,
    ruleset: Ruleset,
    seeds: u32,
    entries: u64,
    sha256: String,
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Why a database file was not written or read.
#[derive(Debug, thiserror::Error)]
pub enum EndgameFileError {
    #[error("endgame database file {path}: {problem}")]
    File { path: String, problem: String },
    #[error("endgame database file {path}: {source}")]
    Values {
        path: String,
        #[source]
        source: EndgameError,
    },
}

fn problem(path: &Path, problem: impl std::fmt::Display) -> EndgameFileError {
    EndgameFileError::File {
        path: path.display().to_string(),
        problem: problem.to_string(),
    }
}

/// Write `endgame` to `path` (through a temporary file beside it).
pub fn save(endgame: &Endgame, path: &Path) -> Result<(), EndgameFileError> {
    let header = Header {
        format: FORMAT.into(),
        version: VERSION,
        ruleset: endgame.ruleset(),
        seeds: endgame.seeds(),
        entries: endgame.values().len() as u64,
        sha256: hex(&Sha256::digest(endgame.values())),
    };
    let line = serde_json::to_string(&header).map_err(|e| problem(path, e))?;
    let mut temporary = path.as_os_str().to_owned();
    temporary.push(".partial");
    let temporary = std::path::PathBuf::from(temporary);
    let written = (|| -> std::io::Result<()> {
        let mut file = File::create(&temporary)?;
        file.write_all(line.as_bytes())?;
        file.write_all(b"\n")?;
        file.write_all(endgame.values())?;
        file.sync_all()?;
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
    let mut reader = BufReader::new(file);
    let mut line = String::new();
    (&mut reader)
        .take(MAX_HEADER)
        .read_line(&mut line)
        .map_err(|e| problem(path, e))?;
    let header: Header = serde_json::from_str(line.trim_end())
        .map_err(|_| problem(path, "not an endgame database (its first line is not one)"))?;
    if header.format != FORMAT || header.version != VERSION {
        return Err(problem(
            path,
            format!(
                "format {} version {}, not {FORMAT} version {VERSION}",
                header.format, header.version
            ),
        ));
    }
    let seeds = seeds.min(ruleset.total_seeds());
    if !Endgame::serves(header.ruleset, ruleset) || header.seeds != seeds {
        return Err(problem(
            path,
            format!(
                "it holds {} up to {} seeds, not {ruleset} up to {seeds}",
                header.ruleset, header.seeds
            ),
        ));
    }
    let entries = Endgame::entries(ruleset, seeds);
    if header.entries != entries {
        return Err(problem(
            path,
            format!(
                "it says {} boards where there are {entries}",
                header.entries
            ),
        ));
    }
    // Checked before reading (Endgame::from_values checks it too), so that
    // a file never makes us allocate more than the limit.
    if entries > limit {
        return Err(EndgameFileError::Values {
            path: path.display().to_string(),
            source: EndgameError::TooLarge {
                seeds,
                needed: entries,
                limit,
            },
        });
    }
    let mut values = vec![0u8; entries as usize];
    reader
        .read_exact(&mut values)
        .map_err(|e| problem(path, format!("cut short: {e}")))?;
    let mut rest = [0u8; 1];
    if reader.read(&mut rest).map_err(|e| problem(path, e))? > 0 {
        return Err(problem(path, "longer than its boards"));
    }
    if hex(&Sha256::digest(&values)) != header.sha256 {
        return Err(problem(
            path,
            "damaged (its values do not match their hash)",
        ));
    }
    Endgame::from_values(ruleset, seeds, limit, &values).map_err(|source| {
        EndgameFileError::Values {
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

    fn built(ruleset: Ruleset, seeds: u32) -> Endgame {
        Endgame::build(ruleset, seeds, u64::MAX, |_, _| {}).expect("built")
    }

    #[test]
    fn a_saved_database_reads_back_equal() {
        let dir = tempfile::tempdir().expect("a directory");
        let path = dir.path().join("kalah.endgame");
        for ruleset in [kalah(3, 3), Ruleset::Mangala] {
            let endgame = built(ruleset, 8);
            save(&endgame, &path).expect("saved");
            let loaded = load(&path, ruleset, 8, u64::MAX).expect("loaded");
            assert_eq!(loaded.values(), endgame.values());
            assert_eq!(loaded.ruleset(), ruleset);
            assert_eq!(loaded.seeds(), 8);
        }
    }

    /// A database does not depend on the seeds a house starts with: one
    /// saved for Kalah(3,3) reads back for Kalah(3,4) equal to one built
    /// for it.
    #[test]
    fn other_seeds_per_house_share_a_database() {
        let dir = tempfile::tempdir().expect("a directory");
        let path = dir.path().join("kalah.endgame");
        save(&built(kalah(3, 3), 8), &path).expect("saved");
        let loaded = load(&path, kalah(3, 4), 8, u64::MAX).expect("loaded");
        assert_eq!(loaded.ruleset(), kalah(3, 4));
        assert_eq!(loaded.values(), built(kalah(3, 4), 8).values());
    }

    #[test]
    fn other_rules_other_seeds_and_damaged_files_are_refused() {
        let dir = tempfile::tempdir().expect("a directory");
        let path = dir.path().join("kalah.endgame");
        let ruleset = kalah(3, 3);
        save(&built(ruleset, 6), &path).expect("saved");
        let refused = |path: &Path, ruleset, seeds, limit| match load(path, ruleset, seeds, limit) {
            Err(error) => error.to_string(),
            Ok(_) => panic!("{} was read", path.display()),
        };
        assert!(refused(&path, kalah(4, 3), 6, u64::MAX).contains("not kalah"));
        let empty_capture = Ruleset::Kalah(KalahParams::with_houses(3, 3, true).expect("a board"));
        assert!(refused(&path, empty_capture, 6, u64::MAX).contains("not kalah"));
        assert!(refused(&path, Ruleset::Mangala, 6, u64::MAX).contains("not mangala"));
        assert!(refused(&path, ruleset, 7, u64::MAX).contains("up to 6 seeds"));
        assert!(refused(&path, ruleset, 6, 10).contains("needs"));
        let whole = std::fs::read(&path).expect("read");
        let damaged = dir.path().join("damaged");
        let mut bytes = whole.clone();
        let last = bytes.len() - 1;
        bytes[last] ^= 1;
        std::fs::write(&damaged, &bytes).expect("written");
        assert!(refused(&damaged, ruleset, 6, u64::MAX).contains("damaged"));
        std::fs::write(&damaged, &whole[..whole.len() - 1]).expect("written");
        assert!(refused(&damaged, ruleset, 6, u64::MAX).contains("cut short"));
        std::fs::write(&damaged, [&whole[..], b"x"].concat()).expect("written");
        assert!(refused(&damaged, ruleset, 6, u64::MAX).contains("longer"));
        std::fs::write(&damaged, b"SQLite format 3\0").expect("written");
        assert!(refused(&damaged, ruleset, 6, u64::MAX).contains("not an endgame database"));
        assert!(refused(&dir.path().join("missing"), ruleset, 6, u64::MAX).contains("missing"));
    }
}
