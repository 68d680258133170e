//! Match settings as people type them, for every client (the terminal
//! client's commands and flags, the load generator): `kalah games=3
//! time=3+2 seeds_per_house=5`.

use super::types::{MatchSettings, TimeControl};
use crate::rules::{Params, Ruleset, Variant};

/// `[VARIANT] [games=N] [time=untimed|M+S|Nd] [seeds=N] [rated] [private]`.
pub fn settings_from_words(words: &[&str]) -> Result<MatchSettings, String> {
    let mut settings = MatchSettings::default();
    let mut variant = Variant::Mangala;
    let mut params = Params::default();
    for word in words {
        match word.split_once('=') {
            None if *word == "private" => {}
            None if *word == "rated" => settings.rated = true,
            None if *word == "casual" => settings.rated = false,
            None => variant = word.parse().map_err(|e| format!("{e}"))?,
            Some(("games", n)) => {
                settings.games = n
                    .parse()
                    .map_err(|_| format!("games={n}: a number 1 to 9"))?
            }
            Some(("time", t)) => settings.time_control = time_control_from_text(t)?,
            // The short form people type.
            Some(("seeds", n)) => params
                .set("seeds_per_house", n)
                .map_err(|e| e.to_string())?,
            Some((name, value)) => params.set(name, value).map_err(|e| e.to_string())?,
        }
    }
    settings.ruleset = Ruleset::new(variant, params).map_err(|e| e.to_string())?;
    Ok(settings)
}

/// `untimed`, `3+2` (minutes + seconds of increment) or `3d` (days per move).
pub fn time_control_from_text(text: &str) -> Result<TimeControl, String> {
    let bad = || format!("time={text}: use untimed, MINUTES+SECONDS (3+2) or DAYSd (3d)");
    if text == "untimed" {
        return Ok(TimeControl::Untimed);
    }
    if let Some(days) = text.strip_suffix('d') {
        return Ok(TimeControl::Correspondence {
            days_per_move: days.parse().map_err(|_| bad())?,
        });
    }
    let (minutes, seconds) = text.split_once('+').ok_or_else(bad)?;
    let minutes: f64 = minutes.parse().map_err(|_| bad())?;
    let seconds: u64 = seconds.parse().map_err(|_| bad())?;
    Ok(TimeControl::RealTime {
        initial_ms: (minutes * 60_000.0) as u64,
        increment_ms: seconds * 1000,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rated_and_casual_are_words() {
        let s = settings_from_words(&["kalah", "time=3+2", "rated"]).expect("valid");
        assert!(s.rated);
        assert!(
            !settings_from_words(&["rated", "casual"])
                .expect("valid")
                .rated
        );
        assert!(!settings_from_words(&["kalah"]).expect("valid").rated);
    }

    #[test]
    fn seeds_is_short_for_seeds_per_house() {
        let s = settings_from_words(&["kalah", "seeds=6"]).expect("valid");
        assert_eq!(s.ruleset.seeds_per_house(), 6);
        assert!(settings_from_words(&["kalah", "seeds=9"]).is_err());
    }

    #[test]
    fn settings_read_variant_games_time_and_params() {
        let s = settings_from_words(&["kalah", "games=3", "time=3+2", "seeds_per_house=5"])
            .expect("valid");
        assert_eq!(s.games, 3);
        assert_eq!(s.ruleset.seeds_per_house(), 5);
        assert_eq!(
            s.time_control,
            TimeControl::RealTime {
                initial_ms: 180_000,
                increment_ms: 2_000
            }
        );
        assert_eq!(
            time_control_from_text("3d"),
            Ok(TimeControl::Correspondence { days_per_move: 3 })
        );
        assert!(settings_from_words(&["chess"]).is_err());
        assert!(settings_from_words(&["mangala", "seeds_per_house=5"]).is_err());
    }
}
