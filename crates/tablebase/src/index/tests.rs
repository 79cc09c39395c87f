//! Index tests: round trips, symmetries, and an independent enumeration of legal positions.

use super::*;
use minishogi::position::Setup;
use minishogi::{Hand, Piece, Square};

/// A small deterministic generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

fn indexer(name: &str) -> Indexer {
    Indexer::new(&Material::parse(name).expect("valid material"))
}

/// Every slot that decodes gives a position that indexes back to the slot, from both colours and
/// both mirror images.
fn check_round_trip(ix: &Indexer, slots: impl Iterator<Item = u64>) -> u64 {
    let mut legal = 0;
    for i in slots {
        let Some(pos) = ix.position(i) else { continue };
        legal += 1;
        assert_eq!(pos.side_to_move(), Color::Sente);
        assert_eq!(ix.index(&pos), Some(i), "{}", pos.to_sfen());
        assert_eq!(ix.index(&pos.flipped()), Some(i), "flip of {}", pos.to_sfen());
        assert_eq!(ix.index(&pos.mirrored()), Some(i), "mirror of {}", pos.to_sfen());
        assert_eq!(ix.index(&pos.flipped().mirrored()), Some(i), "flip+mirror of {}", pos.to_sfen());
    }
    legal
}

#[test]
fn round_trip_small_sets_exhaustive() {
    for name in ["-", "R", "B", "G", "S", "P", "GG", "SP"] {
        let ix = indexer(name);
        let legal = check_round_trip(&ix, 0..ix.size());
        assert!(legal > 0 && legal <= ix.size(), "{name}");
        assert_eq!(legal, ix.legal_positions(), "{name}");
    }
}

#[test]
fn round_trip_three_piece_sample() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for name in ["RBS", "RGP", "PPS", "GGB", "RRB"] {
        let ix = indexer(name);
        let legal = check_round_trip(&ix, (0..20_000).map(|_| rng.below(ix.size())));
        assert!(legal > 5_000, "{name}: only {legal} legal slots in the sample");
    }
}

#[test]
fn other_material_has_no_index() {
    let ix = indexer("RG");
    let pos = Position::from_sfen("4k/5/5/5/K4 b R 1").expect("valid");
    assert_eq!(ix.index(&pos), None);
    assert_eq!(ix.index(&Position::startpos()), None);
    assert_eq!(ix.position(ix.size()), None);
}

/// Where a piece stands: on a square, or in a hand.
type Standing = (Option<(Square, Piece)>, Option<Color>);

/// All the ways a piece of `kind` can stand: on a square for either owner, promoted or not, or in
/// either hand.
fn placements(kind: Kind) -> Vec<Standing> {
    let mut out = Vec::new();
    for sq in Square::all() {
        for color in Color::ALL {
            out.push((Some((sq, Piece::new(color, kind))), None));
            if let Some(p) = kind.promoted() {
                out.push((Some((sq, Piece::new(color, p))), None));
            }
        }
    }
    for color in Color::ALL {
        out.push((None, Some(color)));
    }
    out
}

/// Enumerates every setup of the kings and one piece of `kind` (if any), both sides to move,
/// keeps those the rules crate accepts, and checks each has a slot that decodes to the position
/// or one of its symmetric images; returns the number of distinct slots reached.
fn enumerate_with_rules(kind: Option<Kind>) -> (u64, Indexer) {
    let ix = Indexer::new(&match kind {
        Some(k) => Material::from_counts(&[(k, 1)]).expect("valid"),
        None => Material::EMPTY,
    });
    let mut seen = vec![false; ix.size() as usize];
    let options = kind.map(placements).unwrap_or_else(|| vec![(None, None)]);
    for ks in Square::all() {
        for kg in Square::all() {
            if ks == kg {
                continue;
            }
            for &(board, hand) in &options {
                for side in Color::ALL {
                    let mut setup = Setup::empty();
                    setup.side_to_move = side;
                    setup.board[ks.index()] = Some(Piece::new(Color::Sente, Kind::King));
                    setup.board[kg.index()] = Some(Piece::new(Color::Gote, Kind::King));
                    if let Some((sq, piece)) = board {
                        if setup.board[sq.index()].is_some() {
                            continue;
                        }
                        setup.board[sq.index()] = Some(piece);
                    }
                    if let (Some(color), Some(k)) = (hand, kind) {
                        let mut h = Hand::EMPTY;
                        h.add(k);
                        setup.hands[color.index()] = h;
                    }
                    let Ok(pos) = Position::from_setup(&setup) else { continue };
                    let i = ix.index(&pos).expect("a position of the set has an index");
                    let back = ix.position(i).expect("the slot of a legal position is legal");
                    let canon = if side == Color::Gote { pos.flipped() } else { pos.clone() };
                    assert!(
                        back == canon || back == canon.mirrored(),
                        "{} -> {}",
                        pos.to_sfen(),
                        back.to_sfen()
                    );
                    seen[i as usize] = true;
                }
            }
        }
    }
    (seen.iter().filter(|&&s| s).count() as u64, ix)
}

#[test]
fn every_legal_position_has_a_slot() {
    for kind in [None, Some(Kind::Pawn), Some(Kind::Gold), Some(Kind::Rook)] {
        let (reached, ix) = enumerate_with_rules(kind);
        // Every legal slot is reached by some legal position, and no illegal slot is.
        assert_eq!(reached, ix.legal_positions(), "{kind:?}");
    }
}

#[test]
fn random_legal_positions_have_slots() {
    // Random setups accepted by the rules crate, for three-piece sets.
    let mut rng = Rng(12345);
    for name in ["RBS", "PPS", "GGB", "BSP"] {
        let material = Material::parse(name).expect("valid");
        let ix = Indexer::new(&material);
        let mut found = 0;
        while found < 3000 {
            let mut setup = Setup::empty();
            setup.side_to_move = if rng.below(2) == 0 { Color::Sente } else { Color::Gote };
            let mut free: Vec<usize> = (0..25).collect();
            let mut take = |rng: &mut Rng| free.swap_remove(rng.below(free.len() as u64) as usize);
            setup.board[take(&mut rng)] = Some(Piece::new(Color::Sente, Kind::King));
            setup.board[take(&mut rng)] = Some(Piece::new(Color::Gote, Kind::King));
            for (kind, count) in material.kinds() {
                for _ in 0..count {
                    let color = if rng.below(2) == 0 { Color::Sente } else { Color::Gote };
                    if rng.below(5) == 0 {
                        setup.hands[color.index()].add(kind);
                    } else {
                        let k = match kind.promoted() {
                            Some(p) if rng.below(2) == 0 => p,
                            _ => kind,
                        };
                        setup.board[take(&mut rng)] = Some(Piece::new(color, k));
                    }
                }
            }
            let Ok(pos) = Position::from_setup(&setup) else { continue };
            found += 1;
            let i = ix.index(&pos).expect("indexed");
            assert_eq!(ix.index(&pos.mirrored()), Some(i));
            assert_eq!(ix.index(&pos.flipped()), Some(i));
            let back = ix.position(i).expect("legal slot");
            let canon = if pos.side_to_move() == Color::Gote { pos.flipped() } else { pos.clone() };
            assert!(back == canon || back == canon.mirrored(), "{}", pos.to_sfen());
        }
    }
}

#[test]
fn sizes_and_params() {
    assert_eq!(indexer("-").size(), 234);
    assert_eq!(indexer("G").size(), 234 * 48);
    assert_eq!(indexer("PP").size(), 234 * 94 * 95 / 2);
    assert_eq!(indexer("RBS").size(), 234 * 94 * 94 * 94);
    assert_ne!(indexer("RG").params(), indexer("RS").params());
    assert_eq!(indexer("RG").params()[2], SCHEME_VERSION);
}

#[test]
fn pair_unranking() {
    let mut t = 0;
    for a in 0..200u32 {
        for b in 0..=a {
            assert_eq!(unrank_pair(t), (a, b));
            t += 1;
        }
    }
}

#[test]
fn stepping_through_slots_gives_the_raw_placements() {
    // Sets whose last digit is one piece (SP), a pair (GG, RSS), and the kings alone.
    for (name, start, end) in
        [("-", 0, 234), ("SP", 0, 300_000), ("GG", 12_345, 70_000), ("RSS", 1_000_003, 1_300_000)]
    {
        let ix = indexer(name);
        let mut next = start;
        ix.for_each_raw_placement(start, end, |index, p| {
            assert_eq!(index, next, "{name}: slots in order");
            assert_eq!(Some(*p), ix.raw_placement(index), "{name}: slot {index}");
            next += 1;
        });
        assert_eq!(next, end, "{name}: every slot visited");
        let mut next = start;
        ix.for_each_placement(start, end, |index, p| {
            assert_eq!(index, next);
            assert_eq!(p.copied(), ix.placement(index), "{name}: decoded slot {index}");
            next += 1;
        });
    }
}
