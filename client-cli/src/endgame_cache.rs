//! Where `mancala solve` keeps the endgame databases it builds, so that
//! the next solve of the same board rules reads one (a 16-seed database
//! for 12 houses takes about 8 s to build and a fraction of a second to
//! read) and a larger one, built once on request, serves every later solve.
//!
//! One directory (`--endgame-dir`, else `$MANCALA_CACHE_DIR/endgame`,
//! else the platform's cache directory: `~/.cache/mancala/endgame` on
//! Linux), one file per board rules and size, named by both
//! ([`Endgame::board_rules_name`]): `kalah-6-houses-16-seeds.endgame`. The
//! files are [`crate::endgame_file`]'s, checked in full when read.

use engine::Endgame;
use protocol::rules::Ruleset;
use std::path::{Path, PathBuf};

/// A directory of saved endgame databases.
pub struct EndgameCache {
    dir: PathBuf,
}

const SUFFIX: &str = "-seeds.endgame";

impl EndgameCache {
    /// The cache in `dir`.
    pub fn new(dir: PathBuf) -> EndgameCache {
        EndgameCache { dir }
    }

    /// The cache in `$MANCALA_CACHE_DIR/endgame`, else in the platform's
    /// cache directory; `None` when there is neither.
    pub fn default_dir() -> Option<PathBuf> {
        let base = std::env::var_os("MANCALA_CACHE_DIR")
            .map(PathBuf::from)
            .or_else(|| dirs::cache_dir().map(|dir| dir.join("mancala")))?;
        Some(base.join("endgame"))
    }

    /// Its directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The file that holds (or would hold) the database of `ruleset`'s
    /// board rules up to `seeds` seeds.
    pub fn path(&self, ruleset: Ruleset, seeds: u32) -> Option<PathBuf> {
        let name = Endgame::board_rules_name(ruleset)?;
        Some(self.dir.join(format!("{name}-{seeds}{SUFFIX}")))
    }

    /// The most seeds of a database kept for `ruleset`'s board rules with
    /// at most `most` seeds: the one a solve that names no size reads.
    pub fn largest(&self, ruleset: Ruleset, most: u32) -> Option<u32> {
        let prefix = format!("{}-", Endgame::board_rules_name(ruleset)?);
        std::fs::read_dir(&self.dir)
            .ok()?
            .filter_map(|entry| {
                let name = entry.ok()?.file_name().into_string().ok()?;
                name.strip_prefix(&prefix)?
                    .strip_suffix(SUFFIX)?
                    .parse::<u32>()
                    .ok()
            })
            .filter(|&seeds| seeds <= most)
            .max()
    }

    /// Make its directory, if it is not there yet.
    pub fn create(&self) -> std::io::Result<()> {
        std::fs::create_dir_all(&self.dir)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use protocol::rules::KalahParams;

    #[test]
    fn the_largest_database_of_the_same_board_rules_within_the_bound_is_found() {
        let dir = tempfile::tempdir().expect("a directory");
        let cache = EndgameCache::new(dir.path().to_path_buf());
        let kalah = |seeds, empty_capture| {
            Ruleset::Kalah(KalahParams::with_houses(6, seeds, empty_capture).expect("a board"))
        };
        assert_eq!(cache.largest(kalah(4, false), 20), None);
        for seeds in [12, 16, 20] {
            let path = cache.path(kalah(4, false), seeds).expect("a name");
            std::fs::write(path, b"").expect("written");
        }
        std::fs::write(dir.path().join("kalah-6-houses-x-seeds.endgame"), b"").expect("written");
        let other_rules = cache.path(kalah(4, true), 24).expect("a name");
        std::fs::write(other_rules, b"").expect("written");
        // Other seeds per house are the same board rules.
        assert_eq!(cache.largest(kalah(6, false), 20), Some(20));
        assert_eq!(cache.largest(kalah(4, false), 19), Some(16));
        assert_eq!(cache.largest(kalah(4, false), 11), None);
        assert_eq!(cache.largest(kalah(4, true), 30), Some(24));
        assert_eq!(cache.largest(Ruleset::Mangala, 30), None);
        assert_eq!(cache.path(Ruleset::Oware(Default::default()), 8), None);
    }
}
