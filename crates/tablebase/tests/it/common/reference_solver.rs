//! A second, deliberately simple solver of a material set, sharing no code with the generator:
//! every legal position is enumerated from scratch with the rules crate (no symmetry: both sides
//! to move, no mirror, no colour flip), the game is an explicit graph, mate-only values come from
//! level-by-level iteration and the repetition values (the infinite game of the standard repetition rule) from naive nested
//! fixed points.
//!
//! The first player is sente throughout: sente-to-move positions are F-nodes, gote-to-move ones
//! S-nodes. The tablebase's other case is the colour flip of this one.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use minishogi::position::Setup;
use minishogi::{Color, Hand, Kind, Piece, Position, Square};

/// The game's first player in this solver.
pub const FIRST_PLAYER: Color = Color::Sente;

/// The value of a position from the side to move's view, with sente as the first player.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Ref {
    /// Mated in `plies` (even, `win == false`) or mating in `plies` (odd, `win == true`).
    Mate {
        /// Distance to mate in plies.
        plies: u16,
        /// True when the side to move mates.
        win: bool,
    },
    /// A mate-only draw that the second player wins by repetition.
    Repetition {
        /// True when the side to move is the winner (the second player).
        win: bool,
    },
    /// A mate-only draw that the first player wins because the second must check for ever.
    PerpetualCheck {
        /// True when the side to move is the winner (the first player).
        win: bool,
    },
    /// A mate-only draw in which both sides give check with every move.
    Draw,
}

/// An exact key of a position: the piece code of each square (0 empty, else 1 + colour·10 + kind),
/// both hands' counts, the side to move. No move number.
pub type Key = [u8; 36];

/// The key of `pos`.
pub fn key(pos: &Position) -> Key {
    let mut k = [0u8; 36];
    for sq in Square::all() {
        if let Some(p) = pos.piece_at(sq) {
            k[sq.index()] = 1 + (p.color.index() * 10 + p.kind.index()) as u8;
        }
    }
    for color in Color::ALL {
        for kind in Kind::HAND {
            k[25 + color.index() * 5 + kind.index()] = pos.hand(color).count(kind);
        }
    }
    k[35] = pos.side_to_move().index() as u8;
    k
}

/// The position of a key made by [`key`].
pub fn position(k: &Key) -> Position {
    let mut setup = Setup::empty();
    for sq in Square::all() {
        let code = k[sq.index()];
        if code > 0 {
            let code = usize::from(code - 1);
            let color = if code >= 10 { Color::Gote } else { Color::Sente };
            setup.board[sq.index()] = Some(Piece::new(color, Kind::from_index(code % 10)));
        }
    }
    for color in Color::ALL {
        let mut hand = Hand::EMPTY;
        for kind in Kind::HAND {
            hand.set(kind, k[25 + color.index() * 5 + kind.index()]);
        }
        setup.hands[color.index()] = hand;
    }
    setup.side_to_move = if k[35] == 0 { Color::Sente } else { Color::Gote };
    Position::from_setup(&setup).expect("keys are made from legal positions")
}

/// A small multiplicative hash of keys (faster than the default SipHash on millions of keys).
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.0 = (self.0.rotate_left(23) ^ u64::from_le_bytes(word)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        }
    }

    /// The splitmix64 finaliser: the table uses both the low and the high bits.
    fn finish(&self) -> u64 {
        let mut x = self.0;
        x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        x ^ (x >> 31)
    }
}

/// Node ids by key.
type KeyMap = HashMap<Key, usize, BuildHasherDefault<KeyHasher>>;

/// An explicit game graph: per node the side to move, per move its target and whether it checks.
#[derive(Clone, Debug, Default)]
pub struct Graph {
    /// The side to move at each node.
    pub mover: Vec<Color>,
    /// Moves of node `v` are `first[v]..first[v + 1]`.
    pub first: Vec<usize>,
    /// The target node of each move (`u32` to keep large sets in memory).
    pub to: Vec<u32>,
    /// Whether each move gives check (the opponent is in check after it).
    pub check: Vec<bool>,
}

impl Graph {
    /// A graph from its nodes' movers and its moves `(from, to, gives_check)`.
    pub fn from_moves(mover: Vec<Color>, moves: &[(usize, usize, bool)]) -> Graph {
        let mut g = Graph { mover, ..Graph::default() };
        for v in 0..g.mover.len() {
            g.first.push(g.to.len());
            for &(_, to, check) in moves.iter().filter(|m| m.0 == v) {
                g.to.push(to as u32);
                g.check.push(check);
            }
        }
        g.first.push(g.to.len());
        g
    }

    /// Number of nodes.
    pub fn len(&self) -> usize {
        self.mover.len()
    }

    /// The move indices of node `v`.
    pub fn moves(&self, v: usize) -> std::ops::Range<usize> {
        self.first[v]..self.first[v + 1]
    }
}

/// Every legal position of a material set and its game graph (node `i` is `keys[i]`).
pub struct SetGraph {
    /// The positions, by node id.
    pub keys: Vec<Key>,
    /// The game graph.
    pub graph: Graph,
}

/// Where one piece of the set can be: in a hand, or on a square with an owner and a kind.
#[derive(Copy, Clone)]
enum Place {
    Hand(Color),
    Board(Square, Piece),
}

/// The places of one piece of base kind `kind`: either hand, or any square for either owner,
/// promoted or not where it can promote (illegal ones are left to `Position::from_setup`).
fn places(kind: Kind) -> Vec<Place> {
    let mut out = vec![Place::Hand(Color::Sente), Place::Hand(Color::Gote)];
    for sq in Square::all() {
        for color in Color::ALL {
            out.push(Place::Board(sq, Piece::new(color, kind)));
            if let Some(promoted) = kind.promoted() {
                out.push(Place::Board(sq, Piece::new(color, promoted)));
            }
        }
    }
    out
}

/// The base kinds of a material name such as `RP` (`-` is kings only), equal kinds adjacent.
fn kinds_of(name: &str) -> Vec<Kind> {
    let mut kinds: Vec<Kind> =
        name.chars().filter(|&c| c != '-').map(|c| Kind::from_letter(c).expect("piece letter")).collect();
    kinds.sort();
    kinds
}

/// Calls `visit` with every setup of both kings and the pieces `kinds` (sente to move), trying
/// every place for every piece; setups that put two pieces on one square are skipped.
fn for_each_setup(kinds: &[Kind], visit: &mut impl FnMut(&Setup)) {
    let mut setup = Setup::empty();
    for ks in Square::all() {
        for kg in Square::all().filter(|&s| s != ks) {
            setup.board[ks.index()] = Some(Piece::new(Color::Sente, Kind::King));
            setup.board[kg.index()] = Some(Piece::new(Color::Gote, Kind::King));
            place_rest(kinds, None, 0, &mut setup, visit);
            setup.board[ks.index()] = None;
            setup.board[kg.index()] = None;
        }
    }
}

/// Places `kinds` in turn. A piece of the same kind as the one placed before (`previous`, at
/// place number `from`) only takes places from `from` on: two equal pieces swapped are one setup.
fn place_rest(
    kinds: &[Kind],
    previous: Option<Kind>,
    from: usize,
    setup: &mut Setup,
    visit: &mut impl FnMut(&Setup),
) {
    let Some((&kind, rest)) = kinds.split_first() else {
        visit(setup);
        return;
    };
    let skip = if previous == Some(kind) { from } else { 0 };
    for (i, place) in places(kind).into_iter().enumerate().skip(skip) {
        match place {
            Place::Hand(color) => {
                setup.hands[color.index()].add(kind);
                place_rest(rest, Some(kind), i, setup, visit);
                setup.hands[color.index()].remove(kind);
            }
            Place::Board(sq, piece) if setup.board[sq.index()].is_none() => {
                setup.board[sq.index()] = Some(piece);
                place_rest(rest, Some(kind), i, setup, visit);
                setup.board[sq.index()] = None;
            }
            Place::Board(..) => {}
        }
    }
}

/// Enumerates every legal position of the set `name` (e.g. `"G"`, `"RP"`, `"-"`) with both sides
/// to move and builds its graph. Panics if a legal move leads outside the enumeration.
pub fn enumerate(name: &str) -> SetGraph {
    let kinds = kinds_of(name);
    let mut ids = KeyMap::default();
    let mut keys = Vec::new();
    let mut s = Setup::empty();
    for_each_setup(&kinds, &mut |setup| {
        s.clone_from(setup);
        for side in Color::ALL {
            s.side_to_move = side;
            if let Ok(pos) = Position::from_setup(&s) {
                let k = key(&pos);
                ids.entry(k).or_insert_with(|| {
                    keys.push(k);
                    keys.len() - 1
                });
            }
        }
    });
    let mut graph = Graph::default();
    for k in &keys {
        let pos = position(k);
        graph.mover.push(pos.side_to_move());
        graph.first.push(graph.to.len());
        for &m in pos.legal_move_list().iter() {
            let child = pos.after(m);
            let to = ids
                .get(&key(&child))
                .unwrap_or_else(|| panic!("{name}: {m} from {} leaves the enumeration", pos.to_sfen()));
            graph.to.push(*to as u32);
            graph.check.push(child.in_check());
        }
    }
    graph.first.push(graph.to.len());
    SetGraph { keys, graph }
}

/// Mate-only values: `Some(d)` for a mate distance (odd: the side to move wins, even: it loses),
/// `None` for a mate-only draw.
///
/// Textbook iteration: a node without moves is lost in 0; at ply `n` (odd) an open node with a
/// move to a loss in `n - 1` is won in `n`; at ply `n` (even) an open node all of whose moves go
/// to wins is lost in `n` (its longest defence reaches a win in `n - 1`, or it would have been
/// settled earlier). The first ply that settles nothing ends it.
pub fn mate_only(g: &Graph) -> Vec<Option<u16>> {
    let mut dtm: Vec<Option<u16>> =
        (0..g.len()).map(|v| if g.moves(v).is_empty() { Some(0) } else { None }).collect();
    for n in 1u16.. {
        let settled: Vec<usize> = (0..g.len())
            .filter(|&v| dtm[v].is_none())
            .filter(|&v| {
                if n % 2 == 1 {
                    g.moves(v).any(|e| dtm[g.to[e] as usize] == Some(n - 1))
                } else {
                    g.moves(v).all(|e| dtm[g.to[e] as usize].is_some_and(|d| d % 2 == 1))
                }
            })
            .collect();
        if settled.is_empty() {
            break;
        }
        for v in settled {
            dtm[v] = Some(n);
        }
    }
    dtm
}

/// The sub-graph of the mate-only draws: moves out of it lose by mate for the mover, so they are
/// dropped (every draw keeps at least one move, or it would be a loss).
fn draw_subgraph(g: &Graph, dtm: &[Option<u16>]) -> (Graph, Vec<usize>) {
    let nodes: Vec<usize> = (0..g.len()).filter(|&v| dtm[v].is_none()).collect();
    let mut local = vec![usize::MAX; g.len()];
    for (i, &v) in nodes.iter().enumerate() {
        local[v] = i;
    }
    let mut sub = Graph::default();
    for &v in &nodes {
        sub.mover.push(g.mover[v]);
        sub.first.push(sub.to.len());
        for e in g.moves(v).filter(|&e| dtm[g.to[e] as usize].is_none()) {
            sub.to.push(local[g.to[e] as usize] as u32);
            sub.check.push(g.check[e]);
        }
        assert!(sub.first[sub.first.len() - 1] < sub.to.len(), "a mate-only draw without a drawing move");
    }
    sub.first.push(sub.to.len());
    (sub, nodes)
}

/// The nodes from which `player` makes the next move land where `goes(v, e)` allows: a node `v`
/// of `player` with some move `e` for which it holds, a node of the opponent with it for all moves.
fn cpre(g: &Graph, player: Color, goes: impl Fn(usize, usize) -> bool) -> Vec<bool> {
    (0..g.len())
        .map(|v| {
            if g.mover[v] == player {
                g.moves(v).any(|e| goes(v, e))
            } else {
                g.moves(v).all(|e| goes(v, e))
            }
        })
        .collect()
}

/// The least fixed point of `f` from the empty set.
fn lfp(n: usize, mut f: impl FnMut(&[bool]) -> Vec<bool>) -> Vec<bool> {
    let mut x = vec![false; n];
    loop {
        let next = f(&x);
        if next == x {
            return x;
        }
        x = next;
    }
}

/// The greatest fixed point of `f` from the full set.
fn gfp(n: usize, mut f: impl FnMut(&[bool]) -> Vec<bool>) -> Vec<bool> {
    let mut x = vec![true; n];
    loop {
        let next = f(&x);
        if next == x {
            return x;
        }
        x = next;
    }
}

/// True for move `e` of node `v` when it is a non-checking move of the second player: the moves
/// that, made infinitely often, give S the repetition.
fn s_quiet(g: &Graph, v: usize, e: usize) -> bool {
    g.mover[v] != FIRST_PLAYER && !g.check[e]
}

/// W_S, the second player's Büchi region for "S makes a non-checking move infinitely often":
///
/// `W_S = νZ. μY. [ B(Z) ∪ CPre_S(Y) ]` with `B(Z)` the S-nodes with a non-checking move into `Z`
/// and `CPre_S(Y)` the S-nodes with some move into `Y` and the F-nodes whose every move goes
/// into `Y`.
pub fn second_player_region(g: &Graph) -> Vec<bool> {
    let s = !FIRST_PLAYER;
    gfp(g.len(), |z| {
        lfp(g.len(), |y| {
            let b = cpre(g, s, |v, e| s_quiet(g, v, e) && z[g.to[e] as usize]);
            let c = cpre(g, s, |_, e| y[g.to[e] as usize]);
            b.iter().zip(&c).map(|(b, c)| *b || *c).collect()
        })
    })
}

/// The complement of [`second_player_region`] computed on its own: F's co-Büchi region for
/// "S's non-checking moves finitely often",
/// `μZ. νY. CPre_F(the move lands in Z if it is an S non-checking move, else in Y)`.
/// Used to check the solver (the game is determined, so the two must partition the nodes).
pub fn second_player_region_complement(g: &Graph) -> Vec<bool> {
    lfp(g.len(), |z| {
        gfp(g.len(), |y| {
            cpre(
                g,
                FIRST_PLAYER,
                |v, e| if s_quiet(g, v, e) { z[g.to[e] as usize] } else { y[g.to[e] as usize] },
            )
        })
    })
}

/// Priority of move `e` of node `v` in the parity game of perpetual check (the largest priority
/// seen infinitely often decides; even is good for F): 3 for an S non-checking move (S wins),
/// 2 for an F non-checking move (F wins unless 3 recurs), 1 for a check (both checking for ever
/// is a draw: not a win for F).
fn priority(g: &Graph, v: usize, e: usize) -> u8 {
    match (g.mover[v] == FIRST_PLAYER, g.check[e]) {
        (false, false) => 3,
        (true, false) => 2,
        (_, true) => 1,
    }
}

/// Whether move `e` of node `v` lands in the set its priority selects (`x1`, `x2`, `x3` for
/// priorities 1, 2, 3).
fn lands(g: &Graph, v: usize, e: usize, x1: &[bool], x2: &[bool], x3: &[bool]) -> bool {
    let t = g.to[e] as usize;
    match priority(g, v, e) {
        3 => x3[t],
        2 => x2[t],
        _ => x1[t],
    }
}

/// W_F, the first player's region for "S's non-checking moves finitely often and F's infinitely
/// often": max-parity with priorities 3 (S quiet), 2 (F quiet), 1 (check), F winning on even, by
/// the Emerson–Jutla formula (μ for odd, ν for even priorities, the largest outermost)
///
/// `W_F = μX3. νX2. μX1. CPre_F(the move lands in X_p, p its priority)`.
pub fn first_player_region(g: &Graph) -> Vec<bool> {
    let n = g.len();
    lfp(n, |x3| gfp(n, |x2| lfp(n, |x1| cpre(g, FIRST_PLAYER, |v, e| lands(g, v, e, x1, x2, x3)))))
}

/// The complement of [`first_player_region`] computed on its own: S's region for "the largest
/// priority seen infinitely often is odd", `νX3. μX2. νX1. CPre_S(the move lands in X_p)`.
/// Used to check the solver (determinacy).
pub fn first_player_region_complement(g: &Graph) -> Vec<bool> {
    let n = g.len();
    gfp(n, |x3| lfp(n, |x2| gfp(n, |x1| cpre(g, !FIRST_PLAYER, |v, e| lands(g, v, e, x1, x2, x3)))))
}

/// The repetition value of every node of a graph of mate-only draws (every node has a move),
/// after checking each region against its independently computed complement.
pub fn repetition_values(g: &Graph) -> Vec<Ref> {
    let ws = second_player_region(g);
    let not_ws = second_player_region_complement(g);
    assert!(ws.iter().zip(&not_ws).all(|(a, b)| a != b), "W_S and its complement disagree");
    let wf = first_player_region(g);
    let not_wf = first_player_region_complement(g);
    assert!(wf.iter().zip(&not_wf).all(|(a, b)| a != b), "W_F and its complement disagree");
    (0..g.len())
        .map(|v| {
            let first = g.mover[v] == FIRST_PLAYER;
            assert!(!(ws[v] && wf[v]), "W_S and W_F overlap");
            if ws[v] {
                Ref::Repetition { win: !first }
            } else if wf[v] {
                Ref::PerpetualCheck { win: first }
            } else {
                Ref::Draw
            }
        })
        .collect()
}

/// The value of every node of a game graph under the standard repetition rule, sente first.
pub fn solve(g: &Graph) -> Vec<Ref> {
    let dtm = mate_only(g);
    let (sub, nodes) = draw_subgraph(g, &dtm);
    let mut out: Vec<Ref> = dtm
        .iter()
        .map(|d| match *d {
            Some(plies) => Ref::Mate { plies, win: plies % 2 == 1 },
            None => Ref::Draw,
        })
        .collect();
    for (v, value) in nodes.into_iter().zip(repetition_values(&sub)) {
        out[v] = value;
    }
    out
}
