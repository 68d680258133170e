//! The client-message decoder on arbitrary bytes: never panics, and whatever
//! it accepts writes back out and reads again as the same message, and had
//! its `type` as a string (a number must not be read as a variant's index).
#![no_main]

use libfuzzer_sys::fuzz_target;
use protocol::wire::{ClientFrame, decode_client};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(frame) = decode_client(text) {
        let value: serde_json::Value = serde_json::from_str(text).expect("accepted text is JSON");
        assert!(value["type"].is_string(), "accepted a non-string type: {text}");
        let again = serde_json::to_string(&frame).expect("a decoded frame serialises");
        let back: ClientFrame = serde_json::from_str(&again).expect("and reads back");
        assert_eq!(back, frame);
    }
});
