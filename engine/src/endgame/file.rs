//! An endgame database as bytes, so that one that takes minutes to build
//! (18 seeds for 12 houses: 45 s) is built once: one line of JSON saying
//! what it holds (format, version, ruleset, seeds, entries and the
//! SHA-256 of the values), then the values, one byte a board. The engine
//! owns the format; where the bytes go (a file written beside its final
//! name and renamed, a cache directory) is the caller's.
//!
//! Reading checks every field and the hash, so bytes of other rules, other
//! seeds, or damaged ones are refused in words, never used. Other seeds
//! per house are not other rules: a database depends on the houses and the
//! capture rule only ([`Endgame::serves`]).

use super::database::{Endgame, EndgameError};
use protocol::rules::Ruleset;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::io::{self, BufRead, Read, Write};

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

/// Why saved bytes are not the database asked for.
#[derive(Debug, thiserror::Error)]
pub enum EndgameReadError {
    /// Reading failed.
    #[error("{0}")]
    Io(#[from] io::Error),
    /// The first line is not our header.
    #[error("not an endgame database (its first line is not one)")]
    NotOurs,
    /// Another format or version of it.
    #[error("format {format} version {version}, not {FORMAT} version {VERSION}")]
    OtherFormat {
        /// The format it names.
        format: String,
        /// Its version.
        version: u32,
    },
    /// A database of other rules or seeds.
    #[error("it holds {held} up to {held_seeds} seeds, not {wanted} up to {wanted_seeds}")]
    OtherDatabase {
        /// The rules it was built for.
        held: Ruleset,
        /// Its seeds.
        held_seeds: u32,
        /// The rules asked for.
        wanted: Ruleset,
        /// The seeds asked for.
        wanted_seeds: u32,
    },
    /// Its header counts other boards than its rules have.
    #[error("it says {said} boards where there are {there}")]
    Entries {
        /// What the header says.
        said: u64,
        /// What the rules and seeds have.
        there: u64,
    },
    /// Fewer values than its header says.
    #[error("cut short: {0}")]
    CutShort(io::Error),
    /// More bytes after its values.
    #[error("longer than its boards")]
    TooLong,
    /// Its values do not hash to its header's hash.
    #[error("damaged (its values do not match their hash)")]
    Damaged,
    /// The values themselves were refused (too large for the limit, or a
    /// value out of range).
    #[error("{0}")]
    Values(#[from] EndgameError),
}

impl Endgame {
    /// Write the database to `out`: its header line, then its values.
    pub fn write_to(&self, out: &mut impl Write) -> io::Result<()> {
        let header = Header {
            format: FORMAT.into(),
            version: VERSION,
            ruleset: self.ruleset(),
            seeds: self.seeds(),
            entries: self.values().len() as u64,
            sha256: hex(&Sha256::digest(self.values())),
        };
        let line = serde_json::to_string(&header).map_err(io::Error::other)?;
        out.write_all(line.as_bytes())?;
        out.write_all(b"\n")?;
        out.write_all(self.values())
    }

    /// Read the database of `ruleset` up to `seeds` seeds from `input`, if
    /// that is what it holds (for these rules or any it serves) and it
    /// fits in `limit` bytes; nothing larger than the limit is allocated.
    pub fn read_from(
        input: &mut impl BufRead,
        ruleset: Ruleset,
        seeds: u32,
        limit: u64,
    ) -> Result<Endgame, EndgameReadError> {
        let mut line = String::new();
        (&mut *input).take(MAX_HEADER).read_line(&mut line)?;
        let header: Header =
            serde_json::from_str(line.trim_end()).map_err(|_| EndgameReadError::NotOurs)?;
        if header.format != FORMAT || header.version != VERSION {
            return Err(EndgameReadError::OtherFormat {
                format: header.format,
                version: header.version,
            });
        }
        let seeds = seeds.min(ruleset.total_seeds());
        if !Endgame::serves(header.ruleset, ruleset) || header.seeds != seeds {
            return Err(EndgameReadError::OtherDatabase {
                held: header.ruleset,
                held_seeds: header.seeds,
                wanted: ruleset,
                wanted_seeds: seeds,
            });
        }
        let entries = Endgame::entries(ruleset, seeds);
        if header.entries != entries {
            return Err(EndgameReadError::Entries {
                said: header.entries,
                there: entries,
            });
        }
        // Checked before reading (from_values checks it too), so that the
        // bytes never make us allocate more than the limit.
        EndgameError::check_size(seeds, entries, limit)?;
        let mut values = vec![0u8; usize::try_from(entries).unwrap_or(usize::MAX)];
        input
            .read_exact(&mut values)
            .map_err(EndgameReadError::CutShort)?;
        let mut rest = [0u8; 1];
        if input.read(&mut rest)? > 0 {
            return Err(EndgameReadError::TooLong);
        }
        if hex(&Sha256::digest(&values)) != header.sha256 {
            return Err(EndgameReadError::Damaged);
        }
        Ok(Endgame::from_values(ruleset, seeds, limit, &values)?)
    }
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

    fn bytes(endgame: &Endgame) -> Vec<u8> {
        let mut out = Vec::new();
        endgame.write_to(&mut out).expect("written");
        out
    }

    fn read(bytes: &[u8], ruleset: Ruleset, seeds: u32, limit: u64) -> Result<Endgame, String> {
        Endgame::read_from(&mut &bytes[..], ruleset, seeds, limit).map_err(|e| e.to_string())
    }

    #[test]
    fn written_bytes_read_back_equal() {
        for ruleset in [kalah(3, 3), Ruleset::Mangala] {
            let endgame = built(ruleset, 8);
            let loaded = read(&bytes(&endgame), ruleset, 8, u64::MAX).expect("read");
            assert_eq!(loaded.values(), endgame.values());
            assert_eq!(loaded.ruleset(), ruleset);
            assert_eq!(loaded.seeds(), 8);
        }
    }

    /// A database does not depend on the seeds a house starts with: one
    /// written for Kalah(3,3) reads back for Kalah(3,4) equal to one built
    /// for it.
    #[test]
    fn other_seeds_per_house_share_a_database() {
        let loaded = read(&bytes(&built(kalah(3, 3), 8)), kalah(3, 4), 8, u64::MAX).expect("read");
        assert_eq!(loaded.ruleset(), kalah(3, 4));
        assert_eq!(loaded.values(), built(kalah(3, 4), 8).values());
    }

    #[test]
    fn other_rules_other_seeds_and_damaged_bytes_are_refused() {
        let ruleset = kalah(3, 3);
        let whole = bytes(&built(ruleset, 6));
        let refused = |bytes: &[u8], ruleset, seeds, limit| match read(bytes, ruleset, seeds, limit)
        {
            Err(error) => error,
            Ok(_) => panic!("read"),
        };
        assert!(refused(&whole, kalah(4, 3), 6, u64::MAX).contains("not kalah"));
        let empty_capture = Ruleset::Kalah(KalahParams::with_houses(3, 3, true).expect("a board"));
        assert!(refused(&whole, empty_capture, 6, u64::MAX).contains("not kalah"));
        assert!(refused(&whole, Ruleset::Mangala, 6, u64::MAX).contains("not mangala"));
        assert!(refused(&whole, ruleset, 7, u64::MAX).contains("up to 6 seeds"));
        assert!(refused(&whole, ruleset, 6, 10).contains("needs"));
        let mut damaged = whole.clone();
        let last = damaged.len() - 1;
        damaged[last] ^= 1;
        assert!(refused(&damaged, ruleset, 6, u64::MAX).contains("damaged"));
        assert!(refused(&whole[..whole.len() - 1], ruleset, 6, u64::MAX).contains("cut short"));
        let longer = [&whole[..], b"x"].concat();
        assert!(refused(&longer, ruleset, 6, u64::MAX).contains("longer"));
        assert!(
            refused(b"SQLite format 3\0", ruleset, 6, u64::MAX).contains("not an endgame database")
        );
    }
}
