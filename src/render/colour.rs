//! Colours: stones by team, light tints for the regions a team owns.

/// A colour as 8-bit sRGB components.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Rgb(pub u8, pub u8, pub u8);

/// Colours for teams whose name is not a colour, by team index: dark, light, then strong hues.
const PALETTE: [Rgb; 10] = [
    Rgb(0x1f, 0x1f, 0x1f),
    Rgb(0xf2, 0xf2, 0xf2),
    Rgb(0xc0, 0x39, 0x2b),
    Rgb(0x2e, 0x5f, 0xa8),
    Rgb(0x2e, 0x8b, 0x57),
    Rgb(0xe6, 0xc2, 0x29),
    Rgb(0x7d, 0x3c, 0x98),
    Rgb(0xe6, 0x7e, 0x22),
    Rgb(0x17, 0xa2, 0xb8),
    Rgb(0x8b, 0x5a, 0x2b),
];

/// Team names that are colour names (lowercased), with the shade drawn for them: softer than
/// the CSS keywords, so that stones read well on the board and white stones show.
fn named(name: &str) -> Option<Rgb> {
    let rgb = match name {
        "black" | "dark" => PALETTE[0],
        "white" | "light" => PALETTE[1],
        "red" => PALETTE[2],
        "blue" => PALETTE[3],
        "green" => PALETTE[4],
        "yellow" => PALETTE[5],
        "purple" | "violet" => PALETTE[6],
        "orange" => PALETTE[7],
        "cyan" | "teal" => PALETTE[8],
        "brown" => PALETTE[9],
        "grey" | "gray" => Rgb(0x8c, 0x8c, 0x8c),
        "pink" => Rgb(0xe7, 0x8f, 0xb3),
        _ => return None,
    };
    Some(rgb)
}

/// One colour per team: the team's own colour if its name is one, else the palette entry of its
/// index; a colour already taken by an earlier team is replaced by the first unused palette
/// entry, so that two teams never look alike.
pub(super) fn team_colours(teams: &[String]) -> Vec<Rgb> {
    let mut colours: Vec<Rgb> = Vec::with_capacity(teams.len());
    for (i, name) in teams.iter().enumerate() {
        let wanted = named(&name.trim().to_lowercase()).unwrap_or(PALETTE[i % PALETTE.len()]);
        let colour = if colours.contains(&wanted) {
            PALETTE.iter().copied().find(|c| !colours.contains(c)).unwrap_or(wanted)
        } else {
            wanted
        };
        colours.push(colour);
    }
    colours
}

impl Rgb {
    /// `#rrggbb`.
    pub(super) fn hex(self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }

    /// Relative brightness in 0..=1 (Rec. 601 weights, good enough to pick an outline).
    fn brightness(self) -> f64 {
        (0.299 * f64::from(self.0) + 0.587 * f64::from(self.1) + 0.114 * f64::from(self.2)) / 255.0
    }

    /// Black or white, whichever reads better on this colour (a piece's letter on its stone).
    pub(super) fn ink(self) -> Rgb {
        if self.brightness() > 0.55 { Rgb(0, 0, 0) } else { Rgb(0xff, 0xff, 0xff) }
    }

    /// This colour moved a fraction `t` of the way to `other`.
    fn mix(self, other: Rgb, t: f64) -> Rgb {
        let m = |a: u8, b: u8| (f64::from(a) + (f64::from(b) - f64::from(a)) * t).round() as u8;
        Rgb(m(self.0, other.0), m(self.1, other.1), m(self.2, other.2))
    }

    /// A light tint, for regions the team owns.
    pub(super) fn tint(self) -> Rgb {
        self.mix(Rgb(0xff, 0xff, 0xff), 0.68)
    }

    /// The outline of a stone of this colour: dark grey around light stones, black around dark
    /// ones, a darker shade around coloured ones.
    pub(super) fn outline(self) -> Rgb {
        let b = self.brightness();
        if b > 0.7 {
            Rgb(0x55, 0x55, 0x55)
        } else if b < 0.2 {
            Rgb(0, 0, 0)
        } else {
            self.mix(Rgb(0, 0, 0), 0.45)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn colour_names_and_palette() {
        let c = team_colours(&names(&["Red", "Blue"]));
        assert_eq!((c[0].hex(), c[1].hex()), ("#c0392b".to_string(), "#2e5fa8".to_string()));
        let c = team_colours(&names(&["Dark", "Light"]));
        assert_eq!((c[0].hex(), c[1].hex()), ("#1f1f1f".to_string(), "#f2f2f2".to_string()));
        let c = team_colours(&names(&["North", "South", "East"]));
        assert_eq!(c, PALETTE[..3].to_vec());
    }

    #[test]
    fn no_two_teams_alike() {
        let c = team_colours(&names(&["Black", "Dark", "White"]));
        assert_eq!(c[0], PALETTE[0]);
        assert_eq!(c[1], PALETTE[1]);
        assert_eq!(c[2], PALETTE[2]);
    }

    #[test]
    fn tints_and_outlines() {
        assert_eq!(PALETTE[1].outline(), Rgb(0x55, 0x55, 0x55));
        assert_eq!(PALETTE[0].outline(), Rgb(0, 0, 0));
        let red = PALETTE[2];
        assert!(red.outline().brightness() < red.brightness());
        assert!(red.tint().brightness() > 0.8);
    }
}
