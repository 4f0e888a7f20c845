//! A row's fields read from a CSV record, a JSON line or a Parquet row, each field with the
//! reason it could not be read: numbers as a list or as text, a target as a whole number
//! (`24.0` too, as pandas writes a column with gaps).

use polars::prelude::*;
use serde_json::Value;

use super::Found;

/// A CSV record's fields, at the positions `idx` (numbers, target, answer, model).
pub(super) fn csv_fields(rec: &csv::StringRecord, idx: [Option<usize>; 4]) -> Fields {
    let text = |i: Option<usize>| i.map(|i| rec.get(i).unwrap_or("").to_string());
    let [n, t, a, m] = idx;
    (
        numbers_text(text(n).as_deref().unwrap_or("")),
        text(t).map(|t| target_text(&t)),
        text(a).map(Ok),
        text(m).filter(|m| !m.is_empty()),
    )
}

/// A row's fields as read, each with the reason it could not be.
pub(super) type Fields = (
    std::result::Result<Vec<i64>, String>,
    Option<std::result::Result<i64, String>>,
    Option<std::result::Result<String, String>>,
    Option<String>,
);

/// The numbers of a cell written as text: whole numbers separated by spaces or commas,
/// optionally in brackets.
pub fn numbers_text(text: &str) -> std::result::Result<Vec<i64>, String> {
    let inner = text.trim();
    let inner = inner
        .strip_prefix('[')
        .and_then(|s| s.strip_suffix(']'))
        .unwrap_or(inner);
    let numbers: std::result::Result<Vec<i64>, _> = inner
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|w| !w.is_empty())
        .map(|w| w.parse::<i64>())
        .collect();
    match numbers {
        Ok(n) if !n.is_empty() => Ok(n),
        _ => Err(format!(
            "the numbers `{}` are not a list of whole numbers",
            clip(text)
        )),
    }
}

fn target_text(text: &str) -> std::result::Result<i64, String> {
    let t = text.trim();
    t.parse::<i64>()
        .ok()
        .or_else(|| t.parse::<f64>().ok().and_then(integral))
        .ok_or_else(|| format!("the target `{}` is not a whole number", clip(text)))
}

/// A float that is a whole number, as pandas writes an integer column with gaps (`24.0`).
fn integral(x: f64) -> Option<i64> {
    (x.fract() == 0.0 && x.abs() < 9.0e15).then_some(x as i64)
}

/// Text cut for a message.
fn clip(text: &str) -> String {
    let mut s: String = text.chars().take(40).collect();
    if text.chars().count() > 40 {
        s.push('…');
    }
    s
}

pub(super) fn json_fields(line: &str, found: &Found) -> Fields {
    let obj = match serde_json::from_str::<Value>(line) {
        Ok(Value::Object(o)) => o,
        _ => {
            let why = format!("the line `{}` is not a JSON object", clip(line));
            return (Err(why.clone()), None, Some(Err(why)), None);
        }
    };
    let numbers = match obj.get(&found.numbers) {
        Some(Value::Array(items)) => items
            .iter()
            .map(|v| v.as_i64().or_else(|| v.as_f64().and_then(integral)))
            .collect::<Option<Vec<i64>>>()
            .filter(|n| !n.is_empty())
            .ok_or_else(|| {
                format!(
                    "the numbers {} are not whole numbers",
                    clip(&Value::Array(items.clone()).to_string())
                )
            }),
        Some(Value::String(s)) => numbers_text(s),
        Some(Value::Null) | None => Err("no numbers".to_string()),
        Some(v) => Err(format!(
            "the numbers {} are not a list",
            clip(&v.to_string())
        )),
    };
    let target = found.target.as_ref().map(|t| match obj.get(t) {
        Some(Value::Number(n)) => n
            .as_i64()
            .or_else(|| n.as_f64().and_then(integral))
            .ok_or_else(|| format!("the target {n} is not a whole number")),
        Some(Value::String(s)) => target_text(s),
        Some(Value::Null) | None => Err("no target".to_string()),
        Some(v) => Err(format!(
            "the target {} is not a number",
            clip(&v.to_string())
        )),
    });
    let answer = found.answer.as_ref().map(|a| match obj.get(a) {
        Some(Value::String(s)) => Ok(s.clone()),
        Some(Value::Null) | None => Ok(String::new()),
        Some(v) => Err(format!("the answer {} is not text", clip(&v.to_string()))),
    });
    let model = found.model.as_ref().and_then(|m| match obj.get(m) {
        Some(Value::String(s)) if !s.is_empty() => Some(s.clone()),
        Some(Value::Null | Value::String(_)) | None => None,
        Some(v) => Some(v.to_string()),
    });
    (numbers, target, answer, model)
}

pub(super) fn frame_fields(df: &DataFrame, at: usize, found: &Found) -> Fields {
    let cell = |name: &str| {
        df.column(name)
            .and_then(|c| c.get(at))
            .map(|v| v.into_static())
    };
    let numbers = match cell(&found.numbers) {
        Ok(AnyValue::List(s)) => s
            .cast(&DataType::Int64)
            .ok()
            .and_then(|s| {
                s.i64().ok().map(|ca| {
                    (0..ca.len())
                        .map(|i| ca.get(i))
                        .collect::<Option<Vec<i64>>>()
                })
            })
            .flatten()
            .filter(|n| !n.is_empty())
            .ok_or_else(|| "the numbers are not a list of whole numbers".to_string()),
        Ok(AnyValue::String(s)) => numbers_text(s),
        Ok(AnyValue::StringOwned(s)) => numbers_text(&s),
        Ok(AnyValue::Null) => Err("no numbers".to_string()),
        Ok(v) => Err(format!("the numbers {v} are not a list")),
        Err(e) => Err(e.to_string()),
    };
    let target = found.target.as_ref().map(|t| match cell(t) {
        Ok(AnyValue::String(s)) => target_text(s),
        Ok(AnyValue::StringOwned(s)) => target_text(&s),
        Ok(AnyValue::Null) => Err("no target".to_string()),
        Ok(v) => v
            .extract::<i64>()
            .filter(|_| v.is_integer())
            .or_else(|| v.extract::<f64>().and_then(integral))
            .ok_or_else(|| format!("the target {v} is not a whole number")),
        Err(e) => Err(e.to_string()),
    });
    let answer = found.answer.as_ref().map(|a| match cell(a) {
        Ok(AnyValue::String(s)) => Ok(s.to_string()),
        Ok(AnyValue::StringOwned(s)) => Ok(s.to_string()),
        Ok(AnyValue::Null) => Ok(String::new()),
        Ok(v) => Err(format!("the answer {v} is not text")),
        Err(e) => Err(e.to_string()),
    });
    let model = found.model.as_ref().and_then(|m| match cell(m) {
        Ok(AnyValue::String(s)) => Some(s.to_string()),
        Ok(AnyValue::StringOwned(s)) => Some(s.to_string()),
        Ok(AnyValue::Null) | Err(_) => None,
        Ok(v) => Some(v.to_string()),
    });
    (numbers, target, answer, model.filter(|m| !m.is_empty()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_read_in_every_usual_spelling() {
        for text in ["[1, 2, 3, 4]", "1 2 3 4", "1,2,3,4", " [1,2,3,4] "] {
            assert_eq!(numbers_text(text), Ok(vec![1, 2, 3, 4]), "{text}");
        }
        assert!(numbers_text("").is_err());
        assert!(numbers_text("[1, x]").is_err());
        assert_eq!(target_text("24.0"), Ok(24));
        assert!(target_text("24.5").is_err());
    }
}
