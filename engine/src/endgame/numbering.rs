//! Numbering of boards for the endgame databases: every way to share a
//! number of seeds among a row of pits gets its own place, so that a
//! database is a flat array with no keys stored (stars and bars: the
//! places of the pits − 1 bars among seeds + pits − 1 slots form a set,
//! ranked by the combinatorial number system).

/// Ranks boards of a fixed number of pits holding up to a fixed number of
/// seeds.
pub(crate) struct Numbering {
    pits: usize,
    /// `terms[pit * (seeds + 1) + sum]` = C(sum + pit, pit + 1): what pit
    /// `pit` adds to a rank when the pits up to it hold `sum` seeds, in one
    /// flat row so that a rank's terms are independent loads.
    terms: Vec<u64>,
    /// Seeds numbered, plus one: the stride of [`Numbering::terms`].
    stride: usize,
    /// `below[s]`: the boards of fewer than `s` seeds, for s up to seeds.
    /// Worked out once: a C(n, k) by its divisions cost more than half of
    /// a Kalah database's build.
    below: Vec<u64>,
}

impl Numbering {
    /// Numbers boards of `pits` pits (at most two rows of
    /// `super::board::WIDEST`) with up to `seeds` seeds.
    pub(crate) fn new(pits: usize, seeds: u32) -> Numbering {
        let below = (0..=seeds)
            .map(|s| Numbering::boards_below(pits, s))
            .collect();
        let stride = seeds as usize + 1;
        let terms = (0..pits * stride)
            .map(|at| {
                let (pit, sum) = (at / stride, at % stride);
                binomial((sum + pit) as u64, pit as u64 + 1)
            })
            .collect();
        Numbering {
            pits,
            terms,
            stride,
            below,
        }
    }

    /// The place among every board numbered (those of fewer seeds first,
    /// then by [`Numbering::rank`]) of the board whose pits up to each pit
    /// hold `sums` (running totals in pit order, the last `seeds`, at most
    /// the seeds numbered). Given the totals, each term of the rank needs
    /// no other: numbering boards one pit after another, each term waiting
    /// on the last, took a quarter of a database's build.
    #[inline]
    pub(crate) fn place_of_sums(&self, sums: &[u8], seeds: u32) -> u64 {
        let terms = &self.terms[..(self.pits - 1) * self.stride];
        let rank: u64 = sums[..self.pits - 1]
            .iter()
            .zip(terms.chunks_exact(self.stride))
            .map(|(&sum, row)| row[usize::from(sum)])
            .sum();
        self.below[seeds as usize] + rank
    }

    /// How many boards of `pits` pits hold fewer than `seeds` seeds:
    /// C(seeds − 1 + pits, pits), without a table (for sizes asked before
    /// anything is built).
    pub(crate) fn boards_below(pits: usize, seeds: u32) -> u64 {
        if seeds == 0 {
            0
        } else {
            binomial(u64::from(seeds) - 1 + pits as u64, pits as u64)
        }
    }

    /// How many boards hold exactly `seeds` seeds.
    pub(crate) fn boards_of(pits: usize, seeds: u32) -> u64 {
        Numbering::boards_below(pits, seeds + 1) - Numbering::boards_below(pits, seeds)
    }

    /// The place of the board whose pits hold `counts` (in pit order)
    /// among the boards of its seed count: 0 up to [`Numbering::boards_of`].
    pub(crate) fn rank(&self, counts: impl Iterator<Item = u8>) -> u64 {
        let mut rank = 0u64;
        let mut bar = 0usize;
        for (pit, c) in counts.take(self.pits - 1).enumerate() {
            bar += usize::from(c);
            rank += self.terms[pit * self.stride + bar];
        }
        rank
    }
}

/// C(n, k), exact for the sizes used here.
pub(crate) fn binomial(n: u64, k: u64) -> u64 {
    if k > n {
        return 0;
    }
    let k = k.min(n - k);
    (0..k).fold(1u64, |c, i| c * (n - i) / (i + 1))
}

/// The next way to share the same seeds among the pits (odometer order);
/// false after the last.
pub(crate) fn next_composition(counts: &mut [u8]) -> bool {
    // Move one seed from the first non-empty pit (not the last) to its right
    // neighbour, and gather what was before it back into pit 0.
    let Some(first) = counts[..counts.len() - 1].iter().position(|&c| c > 0) else {
        return false;
    };
    let moved = counts[first];
    counts[first] = 0;
    counts[first + 1] += 1;
    counts[0] = moved - 1;
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every board of a count gets a place of its own, all places used.
    #[test]
    fn boards_of_a_count_are_numbered_one_to_one() {
        for (pits, seeds) in [(4, 5), (12, 4), (2, 7)] {
            let numbering = Numbering::new(pits, seeds);
            let mut seen = vec![false; Numbering::boards_of(pits, seeds) as usize];
            let mut counts = vec![0u8; pits];
            counts[0] = seeds as u8;
            loop {
                let rank = numbering.rank(counts.iter().copied()) as usize;
                assert!(!seen[rank], "{counts:?} shares place {rank}");
                seen[rank] = true;
                if !next_composition(&mut counts) {
                    break;
                }
            }
            assert!(seen.iter().all(|&s| s), "a place left over for {pits} pits");
        }
    }

    /// The boards of each count fill the places after those of fewer
    /// seeds, without a gap or a place shared.
    #[test]
    fn places_follow_the_seed_counts() {
        let (pits, most) = (6, 5);
        let numbering = Numbering::new(pits, most);
        for seeds in 0..=most {
            let first = Numbering::boards_below(pits, seeds);
            let mut places = Vec::new();
            let mut counts = vec![0u8; pits];
            counts[0] = seeds as u8;
            loop {
                let sums: Vec<u8> = counts
                    .iter()
                    .scan(0u8, |sum, &c| {
                        *sum += c;
                        Some(*sum)
                    })
                    .collect();
                let place = numbering.place_of_sums(&sums, seeds);
                assert_eq!(place, first + numbering.rank(counts.iter().copied()));
                places.push(place);
                if !next_composition(&mut counts) {
                    break;
                }
            }
            places.sort_unstable();
            let expected: Vec<u64> = (first..Numbering::boards_below(pits, seeds + 1)).collect();
            assert_eq!(places, expected, "{seeds} seeds");
        }
    }
}
