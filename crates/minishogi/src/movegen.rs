//! Legal move generation: only legal moves, straight into a fixed-size list.

use crate::attacks::{attacks, between, bishop_rays, line, rook_rays, step_attacks};
use crate::{Bitboard, Color, Kind, Move, MoveList, Position, Square};

impl Position {
    /// Fills `list` with every legal move of the side to move.
    pub fn legal_moves(&self, list: &mut MoveList) {
        list.clear();
        self.generate(list, true);
    }

    /// Every legal move, in a fresh list.
    pub fn legal_move_list(&self) -> MoveList {
        let mut list = MoveList::new();
        self.legal_moves(&mut list);
        list
    }

    /// The number of legal moves of the side to move, counted without listing them (board
    /// moves and drops by population counts): equal to the length of [`Position::legal_moves`].
    pub fn legal_move_count(&self) -> u32 {
        let us = self.side_to_move();
        let t = self.targets();
        let mut count = t.king_steps.count();
        if t.double_check {
            return count;
        }
        let promotion_row = us.last_row();
        let promotion_zone = Bitboard::row(promotion_row);
        for from in t.ours & !Bitboard::from_square(t.king) {
            let (kind, dests) = self.piece_destinations(&t, from);
            count += dests.count();
            // A move from or into the last rank may also promote; a pawn there must (one move).
            if kind.promoted().is_some() && kind != Kind::Pawn {
                count += if from.row() == promotion_row {
                    dests.count()
                } else {
                    (dests & promotion_zone).count()
                };
            }
        }

        let hand = self.hand(us);
        if hand.is_empty() || t.drop_targets.is_empty() {
            return count;
        }
        for kind in [Kind::Silver, Kind::Gold, Kind::Bishop, Kind::Rook] {
            if hand.count(kind) > 0 {
                count += t.drop_targets.count();
            }
        }
        if hand.count(Kind::Pawn) > 0 {
            let squares = self.pawn_drop_squares(t.drop_targets);
            count += squares.count();
            let check_square = self.pawn_check_square(us);
            if squares.contains(check_square) && self.is_pawn_drop_mate(check_square) {
                count -= 1;
            }
        }
        count
    }

    /// True when the side to move has at least one legal move.
    pub fn has_legal_move(&self) -> bool {
        let mut list = MoveList::new();
        self.generate(&mut list, false);
        let check_square = self.pawn_check_square(self.side_to_move());
        // Unfiltered pawn drops that give check may be pawn-drop mates; look at them last.
        list.iter().any(|&m| !(m.dropped() == Some(Kind::Pawn) && m.to() == check_square))
            || list.iter().any(|&m| !self.is_pawn_drop_mate(m.to()))
    }

    /// True when the side to move is not in check and has no legal move (which in Minishogi
    /// loses, as a mate does). A piece other than a pawn in hand can always be dropped, and a
    /// king step to an unattacked square is always legal: both settle most positions at once.
    #[inline]
    pub fn is_stalemate(&self) -> bool {
        let us = self.side_to_move();
        let hand = self.hand(us);
        if [Kind::Silver, Kind::Gold, Kind::Bishop, Kind::Rook].iter().any(|&k| hand.count(k) > 0) {
            return false;
        }
        let king = self.king_square(us);
        let without_king = self.occupied() & !Bitboard::from_square(king);
        let steps = step_attacks(us, Kind::King, king) & !self.color_pieces(us);
        if Iterator::any(&mut steps.into_iter(), |sq| !self.attackers_to(sq, !us, without_king).any()) {
            return false;
        }
        !self.in_check() && !self.has_legal_move()
    }

    /// True when the side to move is in check and has no legal move.
    pub fn is_checkmate(&self) -> bool {
        self.in_check() && !self.has_legal_move()
    }

    /// True when `m` is legal in this position.
    pub fn is_legal(&self, m: Move) -> bool {
        self.legal_move_list().contains(&m)
    }

    /// The square where a pawn of `color` dropped would give check to the enemy king.
    #[inline]
    fn pawn_check_square(&self, color: Color) -> Square {
        let their_king = self.king_square(!color);
        // A pawn attacks the king from the square the enemy's own pawn would step to.
        step_attacks(!color, Kind::Pawn, their_king).first().unwrap_or(their_king)
    }

    /// True when dropping a pawn of the side to move on `to` would checkmate (uchifuzume).
    fn is_pawn_drop_mate(&self, to: Square) -> bool {
        let next = self.after(Move::drop(Kind::Pawn, to));
        !next.has_legal_move()
    }

    /// Pieces of `us` pinned to their king at `king`, given the `occupied` squares.
    #[inline]
    pub(crate) fn pinned(&self, us: Color, king: Square, occupied: Bitboard) -> Bitboard {
        let them = !us;
        let diagonal = self.pieces(them, Kind::Bishop) | self.pieces(them, Kind::Horse);
        let orthogonal = self.pieces(them, Kind::Rook) | self.pieces(them, Kind::Dragon);
        let snipers = (bishop_rays(king) & diagonal) | (rook_rays(king) & orthogonal);
        let mut pinned = Bitboard::EMPTY;
        for sniper in snipers {
            let blockers = between(king, sniper) & occupied;
            if blockers.any() && !blockers.more_than_one() {
                pinned |= blockers;
            }
        }
        pinned & self.color_pieces(us)
    }

    /// What both the generator and the counter need: the king's safe steps, whether it is in
    /// double check, and where other pieces may move and drop (anywhere, or onto the checker and
    /// the squares between).
    #[inline]
    fn targets(&self) -> Targets {
        let us = self.side_to_move();
        let them = !us;
        let king = self.king_square(us);
        let occupied = self.occupied();
        let ours = self.color_pieces(us);
        let checkers = self.attackers_to(king, them, occupied);
        let without_king = occupied ^ Bitboard::from_square(king);
        let mut king_steps = Bitboard::EMPTY;
        for to in step_attacks(us, Kind::King, king) & !ours {
            if self.attackers_to(to, them, without_king).is_empty() {
                king_steps |= Bitboard::from_square(to);
            }
        }
        let (targets, drop_targets) = match checkers.first() {
            Some(checker) => {
                let block = between(king, checker);
                (block | Bitboard::from_square(checker), block)
            }
            None => (!ours, !occupied),
        };
        Targets {
            king,
            occupied,
            ours,
            king_steps,
            double_check: checkers.more_than_one(),
            targets,
            drop_targets,
            pinned: self.pinned(us, king, occupied),
        }
    }

    /// The kind of our piece on `from` and its legal destinations.
    #[inline]
    fn piece_destinations(&self, t: &Targets, from: Square) -> (Kind, Bitboard) {
        let kind = self.piece_at(from).expect("our squares hold our pieces").kind;
        let mut dests = attacks(self.side_to_move(), kind, from, t.occupied) & t.targets;
        if t.pinned.contains(from) {
            dests &= line(t.king, from);
        }
        (kind, dests)
    }

    /// The squares of `drop_targets` where the side to move may drop a pawn, pawn-drop mate aside:
    /// not its last rank, not a file holding one of its unpromoted pawns.
    #[inline]
    fn pawn_drop_squares(&self, drop_targets: Bitboard) -> Bitboard {
        let us = self.side_to_move();
        let mut squares = drop_targets & !Bitboard::row(us.last_row());
        for pawn in self.pieces(us, Kind::Pawn) {
            squares &= !Bitboard::col(pawn.col());
        }
        squares
    }

    fn generate(&self, list: &mut MoveList, filter_pawn_drop_mate: bool) {
        let us = self.side_to_move();
        let t = self.targets();
        for to in t.king_steps {
            list.push(Move::board(t.king, to, false));
        }
        if t.double_check {
            return;
        }
        let promotion_row = us.last_row();
        for from in t.ours & !Bitboard::from_square(t.king) {
            let (kind, dests) = self.piece_destinations(&t, from);
            if kind.promoted().is_none() {
                for to in dests {
                    list.push(Move::board(from, to, false));
                }
                continue;
            }
            for to in dests {
                if from.row() == promotion_row || to.row() == promotion_row {
                    list.push(Move::board(from, to, true));
                    // A pawn on its last rank could never move again: promotion is forced.
                    if kind != Kind::Pawn {
                        list.push(Move::board(from, to, false));
                    }
                } else {
                    list.push(Move::board(from, to, false));
                }
            }
        }

        let hand = self.hand(us);
        if hand.is_empty() || t.drop_targets.is_empty() {
            return;
        }
        for kind in [Kind::Silver, Kind::Gold, Kind::Bishop, Kind::Rook] {
            if hand.count(kind) > 0 {
                for to in t.drop_targets {
                    list.push(Move::drop(kind, to));
                }
            }
        }
        if hand.count(Kind::Pawn) > 0 {
            let squares = self.pawn_drop_squares(t.drop_targets);
            let check_square = self.pawn_check_square(us);
            for to in squares {
                if filter_pawn_drop_mate && to == check_square && self.is_pawn_drop_mate(to) {
                    continue;
                }
                list.push(Move::drop(Kind::Pawn, to));
            }
        }
    }
}

/// Squares the side to move's pieces may reach, shared by generation and counting.
struct Targets {
    king: Square,
    occupied: Bitboard,
    ours: Bitboard,
    /// Safe king destinations.
    king_steps: Bitboard,
    /// Only the king may move.
    double_check: bool,
    /// Destinations allowed to other pieces.
    targets: Bitboard,
    /// Squares where a piece may be dropped.
    drop_targets: Bitboard,
    pinned: Bitboard,
}
