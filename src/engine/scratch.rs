//! Accumulators kept by each thread from one build to the next: allocated afresh, a whole
//! board's map would cost a page fault for every page it touches.

use std::sync::{Arc, RwLock};

use crate::game::number::Number;

use super::accumulators::{Accumulators, PARALLEL_FROM, Small};

/// A thread's accumulators kept between builds: a whole board's map is over a megabyte, and
/// allocating it afresh for every board (a corpus builds many per thread) costs a page fault
/// for every page it touches.
pub(super) struct Scratch<V> {
    /// Accumulators per sub-board size (without their array of small values), so that a
    /// small sub-board's values stay together rather than spread over the largest map.
    pub(super) accs: Vec<Accumulators<V>>,
    /// Arrays of small values not in use: one per sub-board build running on the thread.
    pub(super) smalls: Vec<Small>,
    /// The whole board's accumulators of the worker on this thread (see [`Team`]).
    pub(super) board: Option<Arc<RwLock<Accumulators<V>>>>,
}

thread_local! {
    static SCRATCH: std::cell::Cell<Option<Box<dyn std::any::Any>>> = const { std::cell::Cell::new(None) };
}

/// Runs `f` on this thread's scratch for domain `V`.
pub(super) fn scratch<V: Number, R>(f: impl FnOnce(&mut Scratch<V>) -> R) -> R {
    let mut s: Box<Scratch<V>> = SCRATCH
        .take()
        .and_then(|b| b.downcast().ok())
        .unwrap_or_else(|| {
            Box::new(Scratch {
                accs: Vec::new(),
                smalls: Vec::new(),
                board: None,
            })
        });
    let r = f(&mut s);
    SCRATCH.set(Some(s));
    r
}

/// Runs `f` with empty accumulators for a sub-board of `size` numbers, taken from this
/// thread's scratch and given back emptied, whatever `f` did with them. A build nested in `f`
/// (a sub-board built by the worker holding the whole board's accumulators, or a rayon
/// thread running another board's task while it waits) takes accumulators of its own.
pub(super) fn with_scratch<V: Number, R>(
    size: usize,
    f: impl FnOnce(&mut Accumulators<V>) -> R,
) -> R {
    // Sub-boards of a few numbers have a few dozen values: not worth an array.
    let small = V::POSITIVE && size >= PARALLEL_FROM;
    let mut accs = scratch(|s: &mut Scratch<V>| {
        let mut accs = s.accs.get_mut(size).map(std::mem::take).unwrap_or_default();
        if small {
            accs.small = s.smalls.pop().unwrap_or_else(Small::allocated);
        }
        accs
    });
    let r = f(&mut accs);
    accs.reset();
    scratch(|s: &mut Scratch<V>| {
        if small {
            s.smalls.push(std::mem::take(&mut accs.small));
        }
        if s.accs.len() <= size {
            s.accs.resize_with(size + 1, Accumulators::default);
        }
        if accs.large.slots.len() > s.accs[size].large.slots.len() {
            s.accs[size] = accs;
        }
    });
    r
}
