//! The build as one team of workers: every sub-board's table and every piece of the whole
//! board's is a task with a level; workers take tasks in level order, and once every task is
//! taken they drain the whole board's values in parallel ranges.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock, RwLock};

use rayon::prelude::*;

use crate::error::{Error, Result};
use crate::game::number::Number;

use super::accumulators::{Accumulators, PARALLEL_FROM, Small};
use super::dp::{Dp, Piece};
use super::drain::{Span, gather};
use super::entry::Entry;
use super::scratch::{Scratch, scratch};
use super::sub_table::SubTableSource;

/// Why a lock of the build is never poisoned.
pub(super) const UNPOISONED: &str = "no thread panics holding it";

/// A unit of a build's work, run by whichever worker takes it (see [`Dp::tasks`]).
#[derive(Clone, Copy, Debug)]
pub(super) enum Task {
    /// The whole table of a sub-board.
    Build(usize),
    /// A piece of the whole board's table, added into the accumulators of the worker.
    Piece(Piece),
}

/// The workers of one build and what they share. Each worker takes the next task from
/// `next`, waits until the sub-boards of the task's level are built, and runs it, adding the
/// pieces of the whole board it runs into accumulators of its own. Once every task is taken,
/// the workers that took any publish their accumulators, and the values they credited are
/// cut into ranges that the workers drain in parallel, each range merging every worker's
/// accumulators of its values: no worker waits for a merge of whole tables.
pub(super) struct Team<V> {
    pub(super) tasks: Vec<(usize, Task)>,
    /// Whether the whole board is built in pieces (else by a task of its own).
    pub(super) pieces: bool,
    /// Per size, how many sub-boards of that size are still to build.
    pub(super) pending: Vec<AtomicUsize>,
    pub(super) next: AtomicUsize,
    pub(super) stop: AtomicBool,
    pub(super) failed: Mutex<Option<(usize, Error)>>,
    /// The workers that may be taking tasks: counted before a worker takes its first, and
    /// uncounted if there was none.
    pub(super) joined: AtomicUsize,
    /// The accumulators of the workers done with their tasks.
    pub(super) done: Mutex<Vec<Arc<RwLock<Accumulators<V>>>>>,
    /// The ranges of values to drain, ascending; the same for every worker.
    pub(super) spans: OnceLock<Vec<Span<V>>>,
    pub(super) next_span: AtomicUsize,
    /// Per range, its entries (`None` on overflow); one slot per worker.
    pub(super) drained: Vec<OnceLock<Option<Vec<Entry<V>>>>>,
}

impl<V> Team<V> {
    /// Waits until `ready()`, spinning a little, then yielding; `false` if a worker failed
    /// meanwhile.
    pub(super) fn wait(&self, mut ready: impl FnMut() -> bool) -> bool {
        let mut spins = 0u32;
        while !ready() {
            if self.stop.load(Ordering::Relaxed) {
                return false;
            }
            spins += 1;
            if spins < 64 {
                std::hint::spin_loop();
            } else {
                std::thread::yield_now();
            }
        }
        true
    }
}

impl<V: Number> Dp<V> {
    /// The build's tasks in the order workers take them. Each has a level, the size of the
    /// largest sub-board it reads, and they come by level, so that a task's inputs are built
    /// by earlier ones. The whole board (unless windowed) is cut into pieces with levels of
    /// their own: its flat nodes of three or more items read sub-boards of up to `n − 2`
    /// numbers, and a split into `a` and `n − a` numbers reads up to `max(a, n − a)`, so most
    /// of its work runs alongside the builds of its largest sub-boards rather than after them.
    /// Within a level, the flat nodes (the longest tasks) come first, then the builds, then
    /// the splits.
    pub(super) fn tasks(&self) -> Vec<(usize, Task)> {
        let full = self.subs.full();
        let n = self.subs.size(full);
        let cut = self.window.is_none() && n >= 2;
        let mut tasks: Vec<(usize, u8, Task)> = self.subs.in_size_order()[1..]
            .iter()
            .filter(|&&s| s != full || !cut)
            .map(|&s| (self.subs.size(s) - 1, 1, Task::Build(s)))
            .collect();
        if cut {
            tasks.extend(self.pieces(full).map(|p| match p {
                Piece::Flat(_) => (n - 2, 0, Task::Piece(p)),
                Piece::Join => (0, 0, Task::Piece(p)),
                Piece::Split(a) => {
                    let k = self.subs.size(a);
                    (k.max(n - k), 2, Task::Piece(p))
                }
            }));
        }
        tasks.sort_by_key(|&(level, class, _)| (level, class));
        tasks.into_iter().map(|(level, _, t)| (level, t)).collect()
    }

    /// Runs the tasks on a [`Team`] of workers, then sets the whole board's part from the
    /// ranges of values they drained. The error reported is the earliest failing task's:
    /// tasks are taken in order, so every earlier task has run, and the error does not depend
    /// on the threads.
    pub(super) fn run(&mut self, source: Option<&dyn SubTableSource<V>>) -> Result<()> {
        let full = self.subs.full();
        let n = self.subs.size(full);
        let tasks = self.tasks();
        let workers = if n >= PARALLEL_FROM {
            rayon::current_num_threads().min(tasks.len())
        } else {
            1
        };
        let mut pending: Vec<AtomicUsize> = (0..=n).map(|_| AtomicUsize::new(0)).collect();
        for &(_, task) in &tasks {
            if let Task::Build(s) = task {
                *pending[self.subs.size(s)].get_mut() += 1;
            }
        }
        let team = Team {
            pieces: tasks.iter().any(|t| matches!(t.1, Task::Piece(_))),
            tasks,
            pending,
            next: AtomicUsize::new(0),
            stop: AtomicBool::new(false),
            failed: Mutex::new(None),
            joined: AtomicUsize::new(0),
            done: Mutex::new(Vec::new()),
            spans: OnceLock::new(),
            next_span: AtomicUsize::new(0),
            drained: (0..workers).map(|_| OnceLock::new()).collect(),
        };
        let this = &*self;
        if workers > 1 {
            (0..workers)
                .into_par_iter()
                .for_each(|_| this.work(&team, source));
        } else {
            this.work(&team, source);
        }
        if let Some((_, e)) = team.failed.into_inner().expect(UNPOISONED) {
            return Err(e);
        }
        if self.sub_tables[full].get().is_none() {
            let mut ranges = team.drained.into_iter().map_while(OnceLock::into_inner);
            let mut entries = ranges
                .next()
                .flatten()
                .ok_or_else(|| Error::CountOverflow)?;
            for range in ranges {
                entries.extend_from_slice(&range.ok_or_else(|| Error::CountOverflow)?);
            }
            self.sub_tables[full] = OnceLock::from(self.finish(full, entries)?);
        }
        Ok(())
    }

    /// One worker of `team`: takes tasks until none is left, then, if the team built pieces
    /// of the whole board, waits for the other workers that took tasks and drains ranges of
    /// the values they all credited.
    pub(super) fn work(&self, team: &Team<V>, source: Option<&dyn SubTableSource<V>>) {
        if !team.pieces {
            self.take_tasks(team, source, &mut Accumulators::default());
            return;
        }
        let shared = scratch(|s: &mut Scratch<V>| s.board.take()).unwrap_or_default();
        {
            let mut accs = shared.write().expect(UNPOISONED);
            accs.reset();
            if V::POSITIVE && accs.small.accs.is_empty() {
                accs.small = Small::allocated();
            }
            team.joined.fetch_add(1, Ordering::SeqCst);
            if !self.take_tasks(team, source, &mut accs) {
                team.joined.fetch_sub(1, Ordering::SeqCst);
            } else if !team.stop.load(Ordering::Relaxed) {
                accs.sort_keys();
                drop(accs);
                self.drain(team, &shared);
            }
        }
        scratch(|s: &mut Scratch<V>| s.board = Some(shared));
    }

    /// Runs tasks of `team`, adding pieces of the whole board to `accs`, until none is left;
    /// whether it ran any.
    pub(super) fn take_tasks(
        &self,
        team: &Team<V>,
        source: Option<&dyn SubTableSource<V>>,
        accs: &mut Accumulators<V>,
    ) -> bool {
        let workers = team.drained.len();
        let mut took = false;
        loop {
            let i = team.next.fetch_add(1, Ordering::SeqCst);
            let Some(&(level, task)) = team.tasks.get(i) else {
                return took;
            };
            took = true;
            // Every task of a lower level has been taken: the wait is for builds running
            // on other workers, unless one of them failed.
            let built = || {
                team.pending[1..=level]
                    .iter()
                    .all(|p| p.load(Ordering::Acquire) == 0)
            };
            if !team.wait(built) {
                return took;
            }
            let done = match task {
                Task::Build(s) => self.build_sub_table(s, source).map(|p| {
                    self.sub_tables[s]
                        .set(p)
                        .expect("each sub-board is built once");
                    team.pending[self.subs.size(s)].fetch_sub(1, Ordering::Release);
                }),
                Task::Piece(piece) => self.accumulate_piece(piece, workers, accs),
            };
            if let Err(e) = done {
                let mut f = team.failed.lock().expect(UNPOISONED);
                if f.as_ref().is_none_or(|&(j, _)| i < j) {
                    *f = Some((i, e));
                }
                team.stop.store(true, Ordering::Relaxed);
                team.next.store(team.tasks.len(), Ordering::SeqCst);
                return took;
            }
        }
    }

    /// Publishes this worker's accumulators (`mine`), waits until every worker that took a
    /// task has, and drains ranges of values from all of them until none is left.
    pub(super) fn drain(&self, team: &Team<V>, mine: &Arc<RwLock<Accumulators<V>>>) {
        team.done.lock().expect(UNPOISONED).push(Arc::clone(mine));
        // Every task has been taken, so no worker joins with a task from now on: the
        // workers to wait for are those counted in `joined`.
        let all_done =
            || team.done.lock().expect(UNPOISONED).len() == team.joined.load(Ordering::SeqCst);
        if !team.wait(all_done) {
            return;
        }
        let sources = team.done.lock().expect(UNPOISONED).clone();
        let guards: Vec<_> = sources
            .iter()
            .map(|a| a.read().expect(UNPOISONED))
            .collect();
        let accs: Vec<&Accumulators<V>> = guards.iter().map(|g| &**g).collect();
        let spans = team.spans.get_or_init(|| Span::split(&accs, sources.len()));
        // The first range gets room for every value, so that the others are appended to it.
        let all: usize = accs.iter().map(|a| a.small_len() + a.keys.len()).sum();
        loop {
            let k = team.next_span.fetch_add(1, Ordering::Relaxed);
            let Some(span) = spans.get(k) else {
                break;
            };
            let capacity = if k == 0 { all } else { 0 };
            team.drained[k]
                .set(gather(&accs, span, capacity))
                .expect("each range is drained once");
        }
    }

    /// Adds a piece of the whole board to a worker's accumulators, grown first to the
    /// worker's share of the size the whole board's table may reach, judging by its largest
    /// sub-board built so far (each worker's map then stays as small as its values need).
    pub(super) fn accumulate_piece(
        &self,
        piece: Piece,
        workers: usize,
        accs: &mut Accumulators<V>,
    ) -> Result<()> {
        let full = self.subs.full();
        let largest = self.layout.sub_lists[full]
            .iter()
            .filter_map(|&a| self.sub_tables[a].get())
            .map(|p| p.entries.len())
            .max()
            .unwrap_or(0);
        accs.large
            .reserve((8 * largest / workers).saturating_sub(accs.large.len()));
        self.accumulate(full, piece, accs)
    }
}
