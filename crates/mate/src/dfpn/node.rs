//! The numbers of a node and what the search concludes about it, in attacker terms.

use crate::dfpn::pn::{Pn, INFINITE};
use crate::dfpn::repetition::PathDisproof;

/// A disproof that holds at any depth (no win at all, not merely none within a bound).
pub const UNLIMITED: u16 = u16::MAX;

/// What the table knows about one position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Numbers {
    /// Proof number (0: the attacker wins).
    pub pn: Pn,
    /// Disproof number (0: no win within `plies`).
    pub dn: Pn,
    /// For a proof, the plies of the win it proves; for a disproof, the plies within which there
    /// is no win ([`UNLIMITED`] for none at all); otherwise the bound it was searched with.
    pub plies: u16,
}

impl Numbers {
    /// True for a proof.
    pub fn is_proof(&self) -> bool {
        self.pn == 0
    }

    /// True for a disproof.
    pub fn is_disproof(&self) -> bool {
        self.dn == 0
    }
}

/// What the search concluded about a node, in attacker terms.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct NodeResult {
    /// Proof number, disproof number and the plies of a proof or disproof.
    pub numbers: Numbers,
    /// For a disproof that leans on a repetition of the path, the shallowest ply of the
    /// repeated positions: valid on this path only until the search is back at that ply.
    pub repeats_from: Option<u16>,
}

impl NodeResult {
    pub(crate) fn of(numbers: Numbers) -> NodeResult {
        NodeResult { numbers, repeats_from: None }
    }

    pub(crate) fn on_path(disproof: PathDisproof) -> NodeResult {
        NodeResult { numbers: self::disproof(disproof.plies), repeats_from: Some(disproof.repeats_from) }
    }

    /// True when the attacker wins (mates).
    pub fn is_proof(&self) -> bool {
        self.numbers.pn == 0
    }

    /// True when there is no win within `numbers.plies`.
    pub fn is_disproof(&self) -> bool {
        self.numbers.dn == 0
    }
}

/// A proof of a win (a mate) in `plies`.
pub fn proof(plies: u16) -> Numbers {
    Numbers { pn: 0, dn: INFINITE, plies }
}

/// A disproof: no win within `plies`.
pub fn disproof(plies: u16) -> Numbers {
    Numbers { pn: INFINITE, dn: 0, plies }
}
