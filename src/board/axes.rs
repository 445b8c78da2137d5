//! The *axes* of a relation: the pairs of opposite directions it is made of. A line (`line`
//! in the rule language) runs along an axis, both ways from a site, so a relation can carry
//! lines only if it is exactly a union of the board's directions.

use super::{Topology, opposite};

/// One axis: the indices, in [`Topology::directions`], of a direction and of its opposite.
pub type Axis = (u8, u8);

impl Topology {
    /// The axes of relation `rel`, each listed once (forward direction first, in the board's
    /// order of directions): for a direction (`E`), its own axis (E–W); for a symmetric
    /// relation, the axes of the directions it is the union of. `None` when the relation is no
    /// union of directions (a tiling's `edges`, or a board without directions).
    pub fn axes(&self, rel: usize) -> Option<Vec<Axis>> {
        let relation = self.relations.get(rel)?;
        let index = |name: &str| self.directions.iter().position(|d| d.name == name).map(|i| i as u8);
        if relation.direction {
            let forward = index(&relation.name)?;
            let back = index(opposite(&relation.name)?)?;
            return Some(vec![(forward, back)]);
        }
        let inside = self.directions_within(rel);
        // Every neighbour of every site must be one step along one of those directions.
        let covered = (0..self.site_count()).all(|s| {
            relation.neighbors(s as u16).iter().all(|&n| inside.iter().any(|&d| self.directions[d].step[s] == Some(n)))
        });
        if inside.is_empty() || !covered {
            return None;
        }
        if relation.one_way {
            // A one-way union of directions (`NE NW`): each direction's line, both ways.
            let mut axes: Vec<Axis> = Vec::new();
            for &d in &inside {
                let back = index(opposite(self.directions[d].name)?)?;
                if !axes.iter().any(|&(f, b)| f == back || b == back) {
                    axes.push((d as u8, back));
                }
            }
            return Some(axes);
        }
        let mut axes: Vec<Axis> = Vec::new();
        for &d in &inside {
            let back = index(opposite(self.directions[d].name)?)?;
            if !inside.contains(&(back as usize)) {
                return None;
            }
            if !axes.iter().any(|&(f, b)| f == back || b == back) {
                axes.push((d as u8, back));
            }
        }
        Some(axes)
    }
}

#[cfg(test)]
mod tests {
    use crate::board::{hexhex, square, tiling};

    fn names(board: &crate::board::Topology, rel: &str) -> Option<Vec<String>> {
        let axes = board.axes(board.relation(rel)?)?;
        Some(
            axes.iter()
                .map(|&(f, b)| format!("{}-{}", board.directions[f as usize].name, board.directions[b as usize].name))
                .collect(),
        )
    }

    #[test]
    fn square_relations_are_unions_of_axes() {
        let mut board = square::build(4);
        assert_eq!(names(&board, "orthogonal").unwrap(), ["N-S", "E-W"]);
        assert_eq!(names(&board, "diagonal").unwrap(), ["NE-SW", "SE-NW"]);
        assert_eq!(names(&board, "all").unwrap(), ["N-S", "NE-SW", "E-W", "SE-NW"]);
        board.add_direction_relation("W");
        assert_eq!(names(&board, "W").unwrap(), ["W-E"]);
    }

    #[test]
    fn hex_cells_have_three_axes_and_a_tiling_none() {
        let board = hexhex::build(3);
        assert_eq!(names(&board, "adjacent").unwrap(), ["E-W", "NE-SW", "NW-SE"]);
        let tiling = tiling::build("3.4.6.4", 1).expect("a supported tiling");
        assert_eq!(names(&tiling, "edges"), None);
    }
}
