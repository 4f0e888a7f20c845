//! The Parquet tables (SPEC §5, README "The tables"): their columns, and writing them
//! atomically — every file is written under a hidden temporary name and renamed into place
//! only when complete, so an interrupted run never leaves a file that looks finished.

use std::fs::{self, File};
use std::path::{Path, PathBuf};

use polars::prelude::*;

use crate::error::{Error, Result};

/// Wraps an I/O or Parquet failure on `path` as a one-line error.
pub fn io_error(path: &Path, e: impl std::fmt::Display) -> Error {
    Error::Io(format!("{}: {e}", path.display()))
}

/// The part file of shard `k` of `n` in a table's folder.
pub fn part_name(k: usize, n: usize) -> String {
    format!("part-{k}-of-{n}.parquet")
}

/// The hidden temporary `dest` is written under until it is complete: `.NAME.tmp` beside it,
/// which no `*.parquet` glob matches.
fn temp_path(dest: &Path) -> PathBuf {
    let name = dest
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    dest.with_file_name(format!(".{name}.tmp"))
}

/// A Parquet file being written batch by batch (one row group per batch) under a temporary
/// name; [`PartWriter::finish`] renames it into place, dropping it unfinished removes it.
pub struct PartWriter {
    tmp: PathBuf,
    dest: PathBuf,
    writer: Option<polars::io::parquet::write::BatchedWriter<File>>,
}

impl PartWriter {
    /// Starts `dest` with the columns of `schema` and `metadata` as key-value pairs.
    pub fn create(dest: &Path, schema: &Schema, metadata: &[(String, String)]) -> Result<Self> {
        let tmp = temp_path(dest);
        let file = File::create(&tmp).map_err(|e| io_error(&tmp, e))?;
        let writer = ParquetWriter::new(file)
            .with_compression(ParquetCompression::Zstd(None))
            .with_key_value_metadata(Some(KeyValueMetadata::from_static(metadata.to_vec())))
            .set_parallel(false)
            .batched(schema)
            .map_err(|e| io_error(&tmp, e))?;
        Ok(PartWriter {
            tmp,
            dest: dest.to_path_buf(),
            writer: Some(writer),
        })
    }

    /// Appends `df` (same columns as the schema) as a row group.
    pub fn write(&mut self, df: &DataFrame) -> Result<()> {
        if df.height() == 0 {
            return Ok(());
        }
        let w = self.writer.as_mut().expect("not finished");
        w.write_batch(df).map_err(|e| io_error(&self.tmp, e))
    }

    /// Writes the footer, syncs and renames the file into place.
    pub fn finish(mut self) -> Result<()> {
        let w = self.writer.take().expect("finished once");
        w.finish().map_err(|e| io_error(&self.tmp, e))?;
        drop(w);
        File::open(&self.tmp)
            .and_then(|f| f.sync_all())
            .map_err(|e| io_error(&self.tmp, e))?;
        fs::rename(&self.tmp, &self.dest).map_err(|e| io_error(&self.dest, e))
    }
}

impl Drop for PartWriter {
    fn drop(&mut self) {
        if self.writer.is_some() {
            let _ = fs::remove_file(&self.tmp);
        }
    }
}

/// Writes `df` to `dest` atomically, as one file.
pub fn write_frame(dest: &Path, df: &DataFrame, metadata: &[(String, String)]) -> Result<()> {
    let mut w = PartWriter::create(dest, df.schema(), metadata)?;
    w.write(df)?;
    w.finish()
}

/// Writes `text` to `dest` atomically.
pub fn write_text(dest: &Path, text: &str) -> Result<()> {
    let tmp = temp_path(dest);
    fs::write(&tmp, text).map_err(|e| io_error(&tmp, e))?;
    fs::rename(&tmp, dest).map_err(|e| io_error(dest, e))
}

/// Reads one Parquet file.
pub fn read_file(path: &Path) -> Result<DataFrame> {
    let file = File::open(path).map_err(|e| io_error(path, e))?;
    ParquetReader::new(file)
        .finish()
        .map_err(|e| io_error(path, e))
}

/// The part files of a table folder (`*.parquet`, hidden temporaries excluded), by name.
pub fn parts(dir: &Path) -> Result<Vec<PathBuf>> {
    let mut out: Vec<PathBuf> = fs::read_dir(dir)
        .map_err(|e| io_error(dir, e))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.extension().is_some_and(|x| x == "parquet")
                && !p
                    .file_name()
                    .is_some_and(|n| n.to_string_lossy().starts_with('.'))
        })
        .collect();
    out.sort();
    Ok(out)
}

/// Reads every part of a table folder as one frame.
pub fn read_table(dir: &Path) -> Result<DataFrame> {
    let mut frames = parts(dir)?.into_iter().map(|p| read_file(&p));
    let mut df = frames
        .next()
        .ok_or_else(|| Error::Io(format!("{}: no part files", dir.display())))??;
    for f in frames {
        df.vstack_mut(&f?).map_err(|e| io_error(dir, e))?;
    }
    Ok(df)
}

/// Builds a frame from named columns of equal length.
pub fn frame(columns: Vec<Column>) -> Result<DataFrame> {
    let height = columns.first().map_or(0, |c| c.len());
    DataFrame::new(height, columns).map_err(|e| Error::Io(format!("building a table: {e}")))
}
