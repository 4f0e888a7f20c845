//! The JSON that `solve --json` and `hardest --format json` print, validated against the
//! schemas committed in `docs/schema/`.
//!
//! The validator here implements the JSON Schema (2020-12) keywords those schemas use —
//! `type`, `properties`, `required`, `additionalProperties`, `items`, `enum`, `minimum`,
//! `oneOf`, `anyOf` and `$ref` within and across the schema files — and refuses a schema
//! with any other keyword, so that a schema can never say more than is checked. CI also
//! validates the same outputs with Python's reference `jsonschema` (notebooks/check_json.py).

use assert_cmd::Command;
use serde_json::Value;

use crate::cli::PUZZLE_765;
use crate::fixture;

/// Keywords that only annotate.
const ANNOTATIONS: [&str; 5] = ["$schema", "$id", "title", "description", "$comment"];

/// A schema file of `docs/schema/`.
fn schema(name: &str) -> Value {
    let path = crate::repo().join("docs/schema").join(name);
    serde_json::from_str(
        &std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display())),
    )
    .unwrap()
}

/// The errors of `v` against `s` (a part of schema file `file`), each with its JSON path.
fn errors(v: &Value, s: &Value, file: &str, at: &str, out: &mut Vec<String>) {
    let Some(obj) = s.as_object() else {
        panic!("{file}: a schema at {at} is not an object");
    };
    for (key, rule) in obj {
        match key.as_str() {
            k if ANNOTATIONS.contains(&k) || k == "$defs" => {}
            "$ref" => {
                let r = rule.as_str().unwrap();
                let (target, pointer) = r.split_once('#').unwrap_or((r, ""));
                let (file, doc) = if target.is_empty() {
                    (file.to_string(), schema(file))
                } else {
                    (target.to_string(), schema(target))
                };
                let part = doc.pointer(pointer).unwrap_or_else(|| panic!("no {r}"));
                errors(v, part, &file, at, out);
            }
            "type" => {
                let types: Vec<&str> = match rule {
                    Value::String(t) => vec![t.as_str()],
                    Value::Array(ts) => ts.iter().map(|t| t.as_str().unwrap()).collect(),
                    _ => panic!("{file}: bad type at {at}"),
                };
                let is = |t: &str| match t {
                    "object" => v.is_object(),
                    "array" => v.is_array(),
                    "string" => v.is_string(),
                    "integer" => v.is_i64() || v.is_u64(),
                    "number" => v.is_number(),
                    "boolean" => v.is_boolean(),
                    "null" => v.is_null(),
                    _ => panic!("{file}: unknown type {t}"),
                };
                if !types.iter().any(|t| is(t)) {
                    out.push(format!("{at}: {v} is not {types:?}"));
                }
            }
            "properties" => {
                if let Some(o) = v.as_object() {
                    for (name, sub) in rule.as_object().unwrap() {
                        if let Some(x) = o.get(name) {
                            errors(x, sub, file, &format!("{at}.{name}"), out);
                        }
                    }
                }
            }
            "required" => {
                if let Some(o) = v.as_object() {
                    for name in rule.as_array().unwrap() {
                        let name = name.as_str().unwrap();
                        if !o.contains_key(name) {
                            out.push(format!("{at}: `{name}` is missing"));
                        }
                    }
                }
            }
            "additionalProperties" => {
                assert_eq!(
                    rule,
                    &Value::Bool(false),
                    "{file}: only `false` is supported"
                );
                let known = obj.get("properties").and_then(Value::as_object);
                if let Some(o) = v.as_object() {
                    for name in o.keys() {
                        if !known.is_some_and(|k| k.contains_key(name)) {
                            out.push(format!("{at}: `{name}` is not in the schema"));
                        }
                    }
                }
            }
            "items" => {
                if let Some(a) = v.as_array() {
                    for (i, x) in a.iter().enumerate() {
                        errors(x, rule, file, &format!("{at}[{i}]"), out);
                    }
                }
            }
            "enum" => {
                if !rule.as_array().unwrap().contains(v) {
                    out.push(format!("{at}: {v} is not one of {rule}"));
                }
            }
            "minimum" => {
                if let (Some(x), Some(m)) = (v.as_f64(), rule.as_f64())
                    && x < m
                {
                    out.push(format!("{at}: {v} is below {m}"));
                }
            }
            "maximum" => {
                if let (Some(x), Some(m)) = (v.as_f64(), rule.as_f64())
                    && x > m
                {
                    out.push(format!("{at}: {v} is above {m}"));
                }
            }
            "oneOf" | "anyOf" => {
                let passing = rule
                    .as_array()
                    .unwrap()
                    .iter()
                    .filter(|sub| {
                        let mut e = Vec::new();
                        errors(v, sub, file, at, &mut e);
                        e.is_empty()
                    })
                    .count();
                let ok = if key == "oneOf" {
                    passing == 1
                } else {
                    passing >= 1
                };
                if !ok {
                    out.push(format!("{at}: {v} matches {passing} of the {key} schemas"));
                }
            }
            other => panic!("{file}: keyword `{other}` at {at} is not checked by this validator"),
        }
    }
}

/// Panics with every error of `v` against schema file `file`.
pub fn validate(v: &Value, file: &str) {
    let mut out = Vec::new();
    errors(v, &schema(file), file, "$", &mut out);
    assert!(out.is_empty(), "{file}:\n{}", out.join("\n"));
}

fn json(args: &[&str]) -> Value {
    let out = Command::new(env!("CARGO_BIN_EXE_digits-lab"))
        .args(args)
        .output()
        .unwrap();
    assert!(out.status.success(), "{args:?}: {out:?}");
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn the_validator_catches_what_the_schema_forbids() {
    let good = json(&[&["solve", "--json", "--no-moves"][..], &PUZZLE_765].concat());
    validate(&good, "solve.schema.json");
    let broken = [
        ("/counts/min_ops", Value::from("3")),
        ("/closest", Value::from(7)),
        ("/game/kind", Value::from("chess")),
        ("/board/0", Value::from(1.5)),
        ("/counts/trees", Value::from(-1)),
    ];
    for (pointer, bad) in broken {
        let mut v = good.clone();
        *v.pointer_mut(pointer).unwrap() = bad;
        let mut e = Vec::new();
        errors(
            &v,
            &schema("solve.schema.json"),
            "solve.schema.json",
            "$",
            &mut e,
        );
        assert!(!e.is_empty(), "{pointer} accepted");
    }
    let mut extra = good.clone();
    extra["surprise"] = Value::from(1);
    let mut e = Vec::new();
    errors(
        &extra,
        &schema("solve.schema.json"),
        "solve.schema.json",
        "$",
        &mut e,
    );
    assert!(!e.is_empty(), "an unknown field accepted");
}

#[test]
fn solve_json_matches_its_schema() {
    let cases: &[&[&str]] = &[
        &["solve", "--json", "765", "1", "3", "7", "10", "25", "50"],
        &[
            "solve",
            "--json",
            "--all",
            "--no-moves",
            "415",
            "1",
            "2",
            "3",
            "4",
            "5",
            "6",
        ],
        &["solve", "--json", "831", "1", "3", "7", "10", "25", "50"],
        &[
            "solve",
            "--json",
            "--count",
            "--game",
            "countdown",
            "952",
            "25",
            "50",
            "75",
            "100",
            "3",
            "6",
        ],
        &[
            "solve", "--json", "--game", "24", "--all", "3", "3", "8", "8",
        ],
        &[
            "solve",
            "--json",
            "--game",
            "24",
            "--targets",
            "1-100",
            "--target",
            "100",
            "1",
            "1",
            "1",
            "1",
        ],
        &[
            "solve",
            "--json",
            "--game",
            "24",
            "--unary-minus",
            "1",
            "2",
            "7",
            "7",
        ],
        &[
            "solve", "--json", "--game", "24", "--pow", "3", "4", "9", "10",
        ],
    ];
    for args in cases {
        validate(&json(args), "solve.schema.json");
    }
    // Scripts read numbers as numbers, and an unsolvable puzzle has no `min_ops`.
    let missed = json(&["solve", "--json", "831", "1", "3", "7", "10", "25", "50"]);
    assert_eq!(missed["closest"]["values"], serde_json::json!([830, 832]));
    assert_eq!(missed["closest"]["distance"], 1);
    assert_eq!(missed["counts"]["min_ops"], Value::Null);
    assert_eq!(missed["game"]["rules"]["limit"], Value::Null);
    // A fraction is a string in lowest terms: with every card used, 13 13 13 13 gets no
    // closer to 5 than 13 × 13 ÷ (13 + 13) = 13/2.
    let frac = json(&[
        "solve",
        "--json",
        "--game",
        "24",
        "--no-moves",
        "--target",
        "5",
        "13",
        "13",
        "13",
        "13",
    ]);
    validate(&frac, "solve.schema.json");
    assert_eq!(frac["closest"]["values"], serde_json::json!(["13/2"]));
}

#[test]
fn hardest_json_matches_its_schema() {
    let data = fixture::data_dir().to_str().unwrap().to_string();
    for corpus in ["24", "24-minus", "countdown", "nyt"] {
        let v = json(&[
            "hardest",
            "--data",
            &data,
            "--corpus",
            corpus,
            "--convention",
            "expressions",
            "--format",
            "json",
            "--limit",
            "5",
        ]);
        validate(&v, "hardest.schema.json");
        assert_eq!(v.as_array().unwrap().len(), 5, "{corpus}");
        assert!(v[0]["board"][0].is_i64(), "{corpus}: {v}");
    }
}
