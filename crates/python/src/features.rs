//! Inputs for learning: the shipped network's active feature indices, dense AlphaZero-style
//! planes, and a policy index per move, one position at a time or as numpy batches.
//!
//! Planes, `(PLANES, 5, 5)` float32, from the side to move's view: row 0 is the far rank (rank
//! `a` when sente moves, rank `e` when gote moves: the board turned by 180°), column 0 the side to
//! move's left (file 5 for sente, file 1 for gote). Channels, kinds in the order
//! P S G B R K +P +S +B +R and hand kinds P S G B R:
//! `0..10` the side to move's pieces (1.0 where one stands), `10..20` the opponent's,
//! `20..25` the side to move's hand counts (0, 1 or 2 on every square), `25..30` the
//! opponent's, `30` all ones when gote is to move.

use crate::convert::value_error;
use crate::position::position_arg;
use minishogi::{Color, Kind, Move, Position, Square};
use minishogi_engine::nnue::{active_features, MAX_ACTIVE};
use numpy::ndarray::Array;
use numpy::{IntoPyArray, PyArrayDyn};
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// Channels of the planes.
pub const PLANES: usize = 31;
/// Floats of one position's planes.
const PLANE_LEN: usize = PLANES * 25;
/// Policy indices: board moves `(from * 25 + to) * 2 + promote`, then drops
/// `1250 + kind * 25 + to`, squares in the side to move's view.
pub const POLICY_SIZE: usize = 25 * 25 * 2 + 5 * 25;

/// A square as the side to move sees it (index `row * 5 + col` of the planes).
fn seat(sq: Square, stm: Color) -> usize {
    if stm == Color::Sente {
        sq.index()
    } else {
        sq.flip().index()
    }
}

/// Writes the planes of `pos` into `out` (`PLANE_LEN` zeros).
fn write_planes(pos: &Position, out: &mut [f32]) {
    let stm = pos.side_to_move();
    for sq in pos.occupied() {
        if let Some(p) = pos.piece_at(sq) {
            let channel = usize::from(p.color != stm) * 10 + p.kind.index();
            out[channel * 25 + seat(sq, stm)] = 1.0;
        }
    }
    for (side, color) in [stm, !stm].into_iter().enumerate() {
        for kind in Kind::HAND {
            let channel = 20 + side * 5 + kind.index();
            out[channel * 25..(channel + 1) * 25].fill(f32::from(pos.hand(color).count(kind)));
        }
    }
    if stm == Color::Gote {
        out[30 * 25..].fill(1.0);
    }
}

/// Writes the active features of `pos` into `out` (`2 * MAX_ACTIVE` slots): the side to move's
/// perspective, then the opponent's, each sorted, the unused slots left as they are (-1).
fn write_indices(pos: &Position, out: &mut [i32]) {
    let stm = pos.side_to_move();
    for (row, perspective) in out.chunks_mut(MAX_ACTIVE).zip([stm, !stm]) {
        let mut n = 0;
        active_features(pos, perspective, |f| {
            // At most MAX_ACTIVE by construction; a stray extra would be dropped, not a panic.
            if n < MAX_ACTIVE {
                row[n] = i32::from(f);
                n += 1;
            }
        });
        row[..n].sort_unstable();
    }
}

/// The policy index of `m` played by `stm` (see [`POLICY_SIZE`]).
pub fn policy_of(m: Move, stm: Color) -> i32 {
    let to = seat(m.to(), stm);
    let index = match (m.from(), m.dropped()) {
        (Some(from), _) => (seat(from, stm) * 25 + to) * 2 + usize::from(m.is_promotion()),
        (None, Some(kind)) => 1250 + kind.index() * 25 + to,
        // A move is a board move or a drop; this arm is never reached.
        (None, None) => return -1,
    };
    index as i32
}

/// The planes and feature indices of many positions, built without the GIL.
pub struct Inputs {
    /// `n * PLANE_LEN` floats.
    pub planes: Vec<f32>,
    /// `n * 2 * MAX_ACTIVE` indices, -1 padded.
    pub indices: Vec<i32>,
    /// Number of positions.
    pub n: usize,
}

impl Inputs {
    /// Room for `n` positions.
    pub fn with_capacity(n: usize) -> Inputs {
        Inputs {
            planes: Vec::with_capacity(n * PLANE_LEN),
            indices: Vec::with_capacity(n * 2 * MAX_ACTIVE),
            n: 0,
        }
    }

    /// Appends one position.
    pub fn push(&mut self, pos: &Position) {
        let p = self.planes.len();
        self.planes.resize(p + PLANE_LEN, 0.0);
        write_planes(pos, &mut self.planes[p..]);
        let i = self.indices.len();
        self.indices.resize(i + 2 * MAX_ACTIVE, -1);
        write_indices(pos, &mut self.indices[i..]);
        self.n += 1;
    }

    /// Puts `planes` `(n, PLANES, 5, 5)` and `indices` `(n, 2, MAX_ACTIVE)` into `d` (the vectors
    /// move into numpy without a copy); `single` drops the leading axis.
    pub fn into_dict(self, d: &Bound<'_, PyDict>, single: bool) -> PyResult<()> {
        let py = d.py();
        let planes: Vec<usize> = if single { vec![PLANES, 5, 5] } else { vec![self.n, PLANES, 5, 5] };
        let indices: Vec<usize> = if single { vec![2, MAX_ACTIVE] } else { vec![self.n, 2, MAX_ACTIVE] };
        d.set_item("planes", array(py, planes, self.planes)?)?;
        d.set_item("indices", array(py, indices, self.indices)?)?;
        Ok(())
    }
}

/// A numpy array of `shape` owning `data`.
pub fn array<T: numpy::Element>(
    py: Python<'_>,
    shape: Vec<usize>,
    data: Vec<T>,
) -> PyResult<Bound<'_, PyArrayDyn<T>>> {
    Ok(Array::from_shape_vec(shape, data).map_err(value_error)?.into_pyarray(py))
}

/// The inputs of one position (a `Position` or an SFEN): `planes` `(31, 5, 5)` float32 (the
/// layout of the module docs) and `indices` `(2, 12)` int32, the shipped network's active
/// features from the side to move's perspective then the opponent's, sorted, padded with -1.
#[pyfunction]
pub fn features<'py>(py: Python<'py>, pos: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyDict>> {
    let (pos, _) = position_arg(pos)?;
    let mut inputs = Inputs::with_capacity(1);
    inputs.push(&pos);
    let d = PyDict::new(py);
    inputs.into_dict(&d, true)?;
    Ok(d)
}

/// `features` of many positions (`Position`s or SFENs) as `planes` `(N, 31, 5, 5)` and
/// `indices` `(N, 2, 12)`, built with the GIL released.
#[pyfunction]
pub fn features_batch<'py>(py: Python<'py>, positions: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyDict>> {
    let positions =
        positions.try_iter()?.map(|p| position_arg(&p?).map(|(pos, _)| pos)).collect::<PyResult<Vec<_>>>()?;
    let inputs = py.allow_threads(|| {
        let mut inputs = Inputs::with_capacity(positions.len());
        positions.iter().for_each(|p| inputs.push(p));
        inputs
    });
    let d = PyDict::new(py);
    inputs.into_dict(&d, false)?;
    Ok(d)
}

/// A `Move` or a USI string as a move (not yet checked against a position).
fn move_arg(mv: &Bound<'_, PyAny>) -> PyResult<Move> {
    if let Ok(m) = mv.downcast::<crate::moves::PyMove>() {
        return Ok(m.get().0);
    }
    let usi: String = mv.extract()?;
    Move::parse_usi(&usi).ok_or_else(|| value_error(format!("bad USI move '{usi}'")))
}

/// The policy index of a legal move (a `Move` or USI) in `pos` (see `POLICY_SIZE`); an illegal
/// move raises `ValueError`.
#[pyfunction]
pub fn policy_index(pos: &Bound<'_, PyAny>, r#move: &Bound<'_, PyAny>) -> PyResult<i32> {
    let (pos, sfen) = position_arg(pos)?;
    let m = move_arg(r#move)?;
    if !pos.is_legal(m) {
        return Err(value_error(format!("{m} is not legal in '{sfen}'")));
    }
    Ok(policy_of(m, pos.side_to_move()))
}

/// The legal move of `pos` whose policy index is `index`; `ValueError` if none is.
#[pyfunction]
pub fn policy_move(pos: &Bound<'_, PyAny>, index: i64) -> PyResult<crate::moves::PyMove> {
    let (pos, sfen) = position_arg(pos)?;
    let stm = pos.side_to_move();
    pos.legal_move_list()
        .iter()
        .find(|&&m| i64::from(policy_of(m, stm)) == index)
        .map(|&m| crate::moves::PyMove(m))
        .ok_or_else(|| value_error(format!("no legal move of '{sfen}' has policy index {index}")))
}
