//! The narrow interface between the retrograde generator and a game's rules.
//!
//! The generator in [`crate::retrograde`] knows nothing of any game: it asks an implementation of
//! [`RetroRules`] to decode slots, count legal moves and list predecessors. A game plugs in by
//! implementing these methods over its own index of the positions of one material set.

/// What retrograde analysis needs from a game: a dense index of the positions of one set, forward
/// move counts and backward (un-move) generation, and the values of the moves that leave the set
/// ([`RetroRules::exit_value`]; none in a closed set such as Minishogi's).
///
/// Positions are identified only up to the symmetries the index uses. The contract that makes the
/// move counters exact: for any two slots `q` and `w`, the sum of the weights that
/// [`RetroRules::predecessors`] reports for `q` when called on `w` equals the number of legal moves
/// of the position in `q` that lead to a position whose slot is `w`.
pub trait RetroRules: Sync {
    /// A decoded position, as cheap as the game allows.
    type Pos;

    /// Number of slots.
    fn size(&self) -> u64;

    /// The position in slot `index` if the slot holds a legal position.
    fn decode(&self, index: u64) -> Option<Self::Pos>;

    /// Calls `f(index, decode(index))` for every slot of `start..end` in order (a game whose
    /// index can step from slot to slot cheaply overrides it).
    fn decode_range(&self, start: u64, end: u64, f: &mut dyn FnMut(u64, Option<Self::Pos>)) {
        for index in start..end {
            f(index, self.decode(index));
        }
    }

    /// The position in a slot already known to be legal (the generator calls it for resolved
    /// slots); may skip the legality checks of [`RetroRules::decode`].
    fn decode_legal(&self, index: u64) -> Option<Self::Pos> {
        self.decode(index)
    }

    /// The number of legal moves of the side to move that stay in the set.
    fn move_count(&self, pos: &Self::Pos) -> u32;

    /// True when the generator may count the moves of every position from the un-moves of the
    /// others instead of calling [`RetroRules::move_count`]: one pass over the legal positions
    /// adds each weight [`RetroRules::predecessors`] reports to its slot's counter, which by the
    /// weight contract is that slot's number of moves that stay in the set. Cheaper for a game
    /// whose un-moves are cheaper than its legal move generation, when `predecessors` does not
    /// depend on its `no_moves` argument (the pass gives `false`). The default: `false`.
    fn counts_moves_by_predecessors(&self) -> bool {
        false
    }

    /// True when the generator may count the moves of every position from
    /// [`RetroRules::successors`] once every slot's legality is known: a position's count is the
    /// number of successor slots that hold a legal position. Each position then writes only its
    /// own counter, and the slots it looks at are only read, where counting from
    /// [`RetroRules::predecessors`] updates other slots' counters atomically. Takes precedence
    /// over [`RetroRules::counts_moves_by_predecessors`]. The default: `false`.
    fn counts_moves_by_successors(&self) -> bool {
        false
    }

    /// Calls `emit(slot)` once for each move of `pos` that stays in the set and leads to a legal
    /// position, with that position's slot, and may also call it for moves that lead to slots
    /// holding no legal position (a move that leaves the mover's own King attacked, say), which
    /// the generator does not count: so a game need not test its moves for legality. Used when
    /// [`RetroRules::counts_moves_by_successors`] is true. The default: [`RetroRules::children`].
    fn successors(&self, pos: &Self::Pos, emit: &mut dyn FnMut(u64)) {
        self.children(pos, emit);
    }

    /// The number of moves of `pos` that stay in the set and lead to a legal position, where
    /// `is_legal(slot)` tells whether a slot holds one: the count the generator takes when
    /// [`RetroRules::counts_moves_by_successors`] is true. The default counts the
    /// [`RetroRules::successors`] that `is_legal` accepts; a game that knows some of its moves
    /// to be legal without looking (no enemy piece could attack its King, say) counts those
    /// without asking.
    fn legal_successor_count(&self, pos: &Self::Pos, is_legal: &dyn Fn(u64) -> bool) -> u32 {
        let mut n = 0;
        self.successors(pos, &mut |slot| n += u32::from(is_legal(slot)));
        n
    }

    /// The best value, from the side to move's point of view, among the legal moves of `pos` that
    /// leave the set (in a game without drops, captures and promotions lead into other, smaller
    /// tables built before: the value of such a move is the negated value found there, one ply
    /// longer), or `None` when no move leaves. Those moves are neither counted by
    /// [`RetroRules::move_count`] nor reported by [`RetroRules::predecessors`]; the generator seeds
    /// the analysis with this value. The default: every move stays in the set (Minishogi, whose
    /// captures go to hand).
    fn exit_value(&self, _pos: &Self::Pos) -> Option<crate::value::Value> {
        None
    }

    /// Calls `emit(slot, weight)` for each legal move leading into `pos` (see the trait's weight
    /// contract). `no_moves` says that `pos` has no legal move (some games forbid moves that would
    /// mate in a certain way, as shogi forbids mating by a pawn drop). It may also report slots
    /// that hold no legal position (the generator ignores them), when that is cheaper than
    /// testing legality.
    fn predecessors(&self, pos: &Self::Pos, no_moves: bool, emit: &mut dyn FnMut(u64, u8));

    /// True when the side to move is in check. A move gives check exactly when the side to move
    /// of the position it leads to is in check, so this is also what the repetition rule needs
    /// to know of every move ("did the mover check?").
    fn in_check(&self, pos: &Self::Pos) -> bool;

    /// Calls `emit(slot)` once per legal move of `pos`, with the slot of the position it leads
    /// to (forward moves, for analyses of the draws such as a repetition rule's).
    fn children(&self, pos: &Self::Pos, emit: &mut dyn FnMut(u64));
}
