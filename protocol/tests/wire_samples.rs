//! docs/PROTOCOL.md and the wire types cannot drift apart: every example in
//! the document must read as its message type and write back identically,
//! every message type must have an example, and every error code a row.

use protocol::wire::{CLIENT_TYPES, ClientFrame, ClientMsg, ErrorCode, ServerMsg};
use serde_json::Value;
use std::collections::BTreeSet;

const DOC: &str = include_str!("../../docs/PROTOCOL.md");

/// The fenced blocks whose info string is `json <kind>`.
fn samples(kind: &str) -> Vec<Value> {
    let fence = format!("```json {kind}\n");
    DOC.split(&fence)
        .skip(1)
        .map(|rest| {
            let body = rest.split("```").next().expect("closed fence");
            serde_json::from_str(body)
                .unwrap_or_else(|e| panic!("bad JSON in the doc: {e}\n{body}"))
        })
        .collect()
}

/// Every `type` name of a tagged enum, read from serde's own error for an
/// unknown one, so the list comes from the type itself.
fn type_names<T: serde::de::DeserializeOwned + std::fmt::Debug>() -> BTreeSet<String> {
    let error = serde_json::from_str::<T>(r#"{"type": "__no_such_type__"}"#)
        .expect_err("unknown type refused")
        .to_string();
    let list = error
        .split("expected one of")
        .nth(1)
        .expect("serde lists the variants");
    list.split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_owned)
        .collect()
}

fn types_of(samples: &[Value]) -> BTreeSet<String> {
    samples
        .iter()
        .map(|s| s["type"].as_str().expect("a type").to_owned())
        .collect()
}

#[test]
fn every_client_example_reads_and_writes_back_identically() {
    let samples = samples("client");
    for sample in &samples {
        let frame: ClientFrame =
            serde_json::from_value(sample.clone()).unwrap_or_else(|e| panic!("{sample}: {e}"));
        assert_eq!(&serde_json::to_value(&frame).expect("serialise"), sample);
    }
    let all = type_names::<ClientMsg>();
    assert_eq!(
        types_of(&samples),
        all,
        "an example for every client message"
    );
    let listed: BTreeSet<String> = CLIENT_TYPES.iter().map(|t| t.to_string()).collect();
    assert_eq!(listed, all, "CLIENT_TYPES names every client message");
}

#[test]
fn every_server_example_reads_and_writes_back_identically() {
    let samples = samples("server");
    for sample in &samples {
        let msg: ServerMsg =
            serde_json::from_value(sample.clone()).unwrap_or_else(|e| panic!("{sample}: {e}"));
        assert_eq!(&serde_json::to_value(&msg).expect("serialise"), sample);
    }
    assert_eq!(
        types_of(&samples),
        type_names::<ServerMsg>(),
        "an example for every server message"
    );
}

#[test]
fn every_error_code_has_a_row() {
    for code in ErrorCode::ALL {
        let row = format!("| `{}` |", code.as_str());
        assert!(DOC.contains(&row), "docs/PROTOCOL.md has no row for {code}");
    }
}
