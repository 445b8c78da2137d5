//! Lists stored end to end, one per index (a site, or a team and a site): the tables the engine
//! builds once and reads at every action, a slice per look-up with no allocation of its own.

#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Lists<T> {
    /// Where list `i` begins in `items`; it ends where list `i + 1` begins.
    starts: Vec<u32>,
    items: Vec<T>,
}

impl<T> Lists<T> {
    pub(crate) fn new() -> Lists<T> {
        Lists { starts: vec![0], items: Vec::new() }
    }

    /// Appends the next list.
    pub(crate) fn push(&mut self, list: impl IntoIterator<Item = T>) {
        self.items.extend(list);
        self.starts.push(u32::try_from(self.items.len()).expect("a table holds fewer than 2^32 items"));
    }

    /// List `i`.
    #[inline]
    pub(crate) fn get(&self, i: usize) -> &[T] {
        &self.items[self.starts[i] as usize..self.starts[i + 1] as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_list_is_read_back_as_it_was_pushed() {
        let mut lists = Lists::new();
        lists.push([3, 1]);
        lists.push([]);
        lists.push([7]);
        assert_eq!((lists.get(0), lists.get(1), lists.get(2)), (&[3, 1][..], &[][..], &[7][..]));
    }
}
