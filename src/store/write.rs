//! Writing the tables atomically: every file is written under a hidden temporary name and
//! renamed into place only when complete, so an interrupted run never leaves a file that
//! looks finished. What is written is checked against [`crate::store::schema`].

use std::fs::{self, File};
use std::path::{Path, PathBuf};

use polars::prelude::*;

use crate::error::{Error, Result, file_error};
use crate::store::schema::{Extras, Table};

/// The hidden temporary `dest` is written under until it is complete, beside it and matched
/// by no `*.parquet` glob: `.NAME.tmp` for a part file, which one shard alone writes, and
/// `.NAME.PID.tmp` for the files several processes may write at once (the summary of shards
/// finishing together, the report), so that they never write into each other's temporary.
pub fn temp_path(dest: &Path) -> PathBuf {
    let name = dest
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    if name.starts_with("part-") {
        dest.with_file_name(format!(".{name}.tmp"))
    } else {
        dest.with_file_name(format!(".{name}.{}.tmp", std::process::id()))
    }
}

/// A Parquet file of one table being written batch by batch (one row group per batch) under a
/// temporary name; [`PartWriter::finish`] renames it into place, dropping it unfinished
/// removes it.
pub struct PartWriter {
    tmp: PathBuf,
    dest: PathBuf,
    table: Table,
    extras: Extras,
    writer: Option<polars::io::parquet::write::BatchedWriter<File>>,
}

impl PartWriter {
    /// Starts `dest`, a file of `table` with the columns it has for `extras`, and `metadata`
    /// as key-value pairs.
    pub fn create(
        dest: &Path,
        table: Table,
        extras: Extras,
        metadata: &[(String, String)],
    ) -> Result<Self> {
        let schema: Schema = table
            .columns_for(extras)
            .map(|c| Field::new(c.name.into(), c.kind.dtype()))
            .collect();
        let tmp = temp_path(dest);
        let file = File::create(&tmp).map_err(|e| file_error(&tmp, e))?;
        let writer = ParquetWriter::new(file)
            .with_compression(ParquetCompression::Zstd(None))
            .with_key_value_metadata(Some(KeyValueMetadata::from_static(metadata.to_vec())))
            .set_parallel(false)
            .batched(&schema)
            .map_err(|e| file_error(&tmp, e))?;
        Ok(PartWriter {
            tmp,
            dest: dest.to_path_buf(),
            table,
            extras,
            writer: Some(writer),
        })
    }

    /// Appends `df` as a row group; it must have exactly the table's columns.
    pub fn write(&mut self, df: &DataFrame) -> Result<()> {
        self.table.check(df, self.extras)?;
        if df.height() == 0 {
            return Ok(());
        }
        let w = self.writer.as_mut().expect("not finished");
        w.write_batch(df).map_err(|e| file_error(&self.tmp, e))
    }

    /// Writes the footer, syncs and renames the file into place.
    pub fn finish(mut self) -> Result<()> {
        let w = self.writer.take().expect("finished once");
        w.finish().map_err(|e| file_error(&self.tmp, e))?;
        drop(w);
        File::open(&self.tmp)
            .and_then(|f| f.sync_all())
            .map_err(|e| file_error(&self.tmp, e))?;
        fs::rename(&self.tmp, &self.dest).map_err(|e| file_error(&self.dest, e))
    }
}

impl Drop for PartWriter {
    fn drop(&mut self) {
        if self.writer.is_some() {
            let _ = fs::remove_file(&self.tmp);
        }
    }
}

/// Writes `df`, rows of `table`, to `dest` atomically, as one file.
pub fn write_frame(
    dest: &Path,
    table: Table,
    extras: Extras,
    df: &DataFrame,
    metadata: &[(String, String)],
) -> Result<()> {
    let mut w = PartWriter::create(dest, table, extras, metadata)?;
    w.write(df)?;
    w.finish()
}

/// Writes `dest` atomically: `write` fills a file created under the temporary name, which is
/// synced and renamed into place only when `write` succeeds, and removed when it fails.
pub fn atomically(dest: &Path, write: impl FnOnce(File) -> Result<()>) -> Result<()> {
    let tmp = temp_path(dest);
    let written = File::create(&tmp)
        .map_err(|e| file_error(&tmp, e))
        .and_then(write)
        .and_then(|()| {
            File::open(&tmp)
                .and_then(|f| f.sync_all())
                .map_err(|e| file_error(&tmp, e))
        });
    if let Err(e) = written {
        let _ = fs::remove_file(&tmp);
        return Err(e);
    }
    fs::rename(&tmp, dest).map_err(|e| file_error(dest, e))
}

/// Writes `df` to `dest` atomically as one zstd Parquet file, with `metadata` as key-value
/// pairs (none at all when empty, so that a file without any keeps its bytes).
pub fn parquet_file(dest: &Path, df: &mut DataFrame, metadata: &[(String, String)]) -> Result<()> {
    let meta = (!metadata.is_empty()).then(|| KeyValueMetadata::from_static(metadata.to_vec()));
    atomically(dest, |file| {
        ParquetWriter::new(file)
            .with_compression(ParquetCompression::Zstd(None))
            .with_key_value_metadata(meta)
            .set_parallel(false)
            .finish(df)
            .map(|_| ())
            .map_err(|e| file_error(dest, e))
    })
}

/// Writes `df` to `dest` atomically as a zstd Parquet file that readers other than polars
/// take as it is ([`portable`]). For the files made for other tools (`generate`, `audit`,
/// verdicts); the corpus tables keep their bytes.
pub fn portable_parquet_file(dest: &Path, df: &mut DataFrame) -> Result<()> {
    let schema = df.schema().as_ref().clone();
    atomically(dest, |file| {
        portable(ParquetWriter::new(file), &schema)
            .finish(df)
            .map(|_| ())
            .map_err(|e| file_error(dest, e))
    })
}

/// A zstd Parquet writer of frames of `schema` whose file states its strings as Arrow
/// `large_string`: by default polars stores beside the Parquet schema an Arrow one with
/// `string_view`, a type Hugging Face `datasets` 3.x and older Arrow readers refuse.
pub fn portable<W: std::io::Write>(w: ParquetWriter<W>, schema: &Schema) -> ParquetWriter<W> {
    let arrow =
        polars_parquet::write::schema_to_metadata_key(&schema.to_arrow(CompatLevel::oldest()));
    let arrow = (arrow.key, arrow.value.unwrap_or_default());
    w.with_compression(ParquetCompression::Zstd(None))
        .with_key_value_metadata(Some(KeyValueMetadata::from_static(vec![arrow])))
        .set_parallel(false)
}

/// Writes `text` to `dest` atomically.
pub fn write_text(dest: &Path, text: &str) -> Result<()> {
    let tmp = temp_path(dest);
    fs::write(&tmp, text).map_err(|e| file_error(&tmp, e))?;
    fs::rename(&tmp, dest).map_err(|e| file_error(dest, e))
}

/// Builds a frame from named columns of equal length.
pub fn frame(columns: Vec<Column>) -> Result<DataFrame> {
    let height = columns.first().map_or(0, |c| c.len());
    DataFrame::new(height, columns).map_err(|e| Error::failed("building a table", e))
}

/// A column called `name` of `value` of each of `rows`, in order.
pub fn column_of<'a, R, T, P>(name: &str, rows: &'a [R], value: impl Fn(&'a R) -> T) -> Column
where
    P: ?Sized,
    Series: NamedFrom<Vec<T>, P>,
{
    series_of(name, rows, value).into()
}

/// [`column_of`] as a series (the fields of a struct column).
pub fn series_of<'a, R, T, P>(name: &str, rows: &'a [R], value: impl Fn(&'a R) -> T) -> Series
where
    P: ?Sized,
    Series: NamedFrom<Vec<T>, P>,
{
    Series::new(name.into(), rows.iter().map(value).collect::<Vec<T>>())
}

/// Makes the folder `dest` (which must not exist, or be empty) atomically: `write` fills a
/// temporary folder beside it, which is renamed into place only when `write` succeeds and
/// removed when it fails, so an interrupted run leaves no folder that looks complete.
pub fn folder_atomically(dest: &Path, write: impl FnOnce(&Path) -> Result<()>) -> Result<()> {
    if fs::read_dir(dest).is_ok_and(|mut d| d.next().is_some()) {
        return Err(Error::input(format!(
            "{} exists and is not empty: give a new folder for the dataset",
            dest.display()
        )));
    }
    let tmp = temp_path(dest);
    let placed = fs::create_dir_all(&tmp)
        .map_err(|e| file_error(&tmp, e))
        .and_then(|()| write(&tmp))
        .and_then(|()| {
            if dest.is_dir() {
                fs::remove_dir(dest).map_err(|e| file_error(dest, e))?;
            }
            fs::rename(&tmp, dest).map_err(|e| file_error(dest, e))
        });
    if placed.is_err() {
        let _ = fs::remove_dir_all(&tmp);
    }
    placed
}
