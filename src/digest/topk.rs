//! The `k` first items of a stream under an order, kept in linear time ([`TopK`]).

use std::cmp::Ordering;

/// Keeps the `k` first items under an order, fed one at a time. Items go into a buffer of
/// up to `2k`; when it fills, a selection (linear, no sort) cuts it back to the `k` first,
/// and the last of those becomes the bar: an item not before it can no longer be kept, and
/// most items of a large table are turned away by that one comparison.
pub struct TopK<T> {
    k: usize,
    items: Vec<T>,
    bar: Option<T>,
}

impl<T: Clone> TopK<T> {
    pub fn new(k: usize) -> Self {
        TopK {
            k,
            items: Vec::new(),
            bar: None,
        }
    }

    /// Whether an item would be kept so far: most are not, and need not be built whole.
    pub fn admits(&self, item: &T, order: impl Fn(&T, &T) -> Ordering) -> bool {
        self.k > 0 && self.bar.as_ref().is_none_or(|b| order(item, b).is_lt())
    }

    /// The bar, once `k` items are kept.
    pub fn bar(&self) -> Option<&T> {
        self.bar.as_ref()
    }

    pub fn push(&mut self, item: T, order: impl Fn(&T, &T) -> Ordering) {
        if !self.admits(&item, &order) {
            return;
        }
        self.items.push(item);
        if self.items.len() >= 2 * self.k {
            self.items.select_nth_unstable_by(self.k - 1, &order);
            self.items.truncate(self.k);
            self.bar = self.items.last().cloned();
        }
    }

    /// The items kept, in order.
    pub fn finish(mut self, order: impl Fn(&T, &T) -> Ordering) -> Vec<T> {
        self.items.sort_by(order);
        self.items.truncate(self.k);
        self.items
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_the_first_k_of_any_stream() {
        for k in [0, 1, 3, 10] {
            let mut top = TopK::new(k);
            // A scrambled stream with repeats.
            let stream: Vec<u64> = (0..1000u64).map(|i| (i * 7919) % 331).collect();
            for &x in &stream {
                top.push(x, u64::cmp);
            }
            let mut want = stream.clone();
            want.sort();
            want.truncate(k);
            assert_eq!(top.finish(u64::cmp), want, "k = {k}");
        }
    }
}
