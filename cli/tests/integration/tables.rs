//! The tables `analyze` writes against their schema (`src/store/schema/`): every file of
//! every fixture corpus has exactly the schema's columns, in order, with their types; and
//! `docs/TABLES.md` lists exactly the schema's columns.

use digits_lab::corpus::CorpusId;
use digits_lab::store::read::{parts, read_file};
use digits_lab::store::schema::{self, Extras, Table};

use crate::fixture;

#[test]
fn every_table_analyze_writes_has_exactly_the_schemas_columns() {
    for id in fixture::CORPORA {
        let dir = fixture::data_dir().join(id.name());
        let extras = Extras {
            twenty_four: id.is_24_game(),
            published: id == CorpusId::Nyt,
            // The 24 game's arithmetic without `^` or unary minus.
            inequivalent: matches!(
                id,
                CorpusId::TwentyFour | CorpusId::TwentyFourNine | CorpusId::Make10
            ),
            reach_only: false,
        };
        for table in Table::ALL {
            let files = if table.has_parts() {
                parts(&dir.join(table.name())).unwrap()
            } else {
                vec![dir.join(format!("{}.parquet", table.name()))]
            };
            assert!(!files.is_empty(), "{id}: no {} files", table.name());
            // `targets` has every column for every corpus (absent conventions are null).
            let extras = if table == Table::Targets {
                Extras::default()
            } else {
                extras
            };
            for f in files {
                let df = read_file(&f).unwrap();
                if let Err(e) = table.check(&df, extras) {
                    panic!("{}: {e}", f.display());
                }
            }
        }
    }
}

/// The part of `docs/TABLES.md` between its schema markers is generated from the schema.
/// After a deliberate change to the schema, regenerate it with
/// `UPDATE_GOLDEN=1 cargo test --release --test integration tables_md`.
#[test]
fn tables_md_lists_the_schema() {
    let (begin, end) = ("<!-- schema:begin -->\n", "<!-- schema:end -->");
    let path = crate::repo().join("docs/TABLES.md");
    let doc = std::fs::read_to_string(&path).unwrap();
    let (Some(i), Some(j)) = (doc.find(begin), doc.find(end)) else {
        panic!("docs/TABLES.md lacks the schema markers");
    };
    let generated = schema::markdown();
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        let updated = format!("{}{begin}\n{generated}{}", &doc[..i], &doc[j..]);
        std::fs::write(&path, updated).unwrap();
        return;
    }
    assert_eq!(
        doc[i + begin.len()..j].trim(),
        generated.trim(),
        "docs/TABLES.md differs from the schema: rerun with UPDATE_GOLDEN=1 and review"
    );
}
