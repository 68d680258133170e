//! The game-record parser on arbitrary text: never panics, and a record it
//! accepts prints to text that parses to the same game.
#![no_main]

use libfuzzer_sys::fuzz_target;
use protocol::rules::GameRecord;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(record) = GameRecord::parse(text) {
        let printed = record.to_text();
        let again = GameRecord::parse(&printed).expect("printed records parse");
        assert_eq!(again.game().moves(), record.game().moves());
        assert_eq!(again.game().position(), record.game().position());
    }
});
