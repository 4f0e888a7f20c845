//! Enums with one name per value (a game, a band, a counting convention, …): the one way
//! their list, their names, `Display` and `FromStr` are written, so that a name reads the
//! same on the command line, in JSON, in tables and in the one-line error for a name that
//! is none of them.

/// Gives a fieldless enum `ALL` (every value, in the order given), `name()`, `Display` (the
/// name) and `FromStr` (a name back to its value). A name that is none of them is refused
/// with `unknown <what> `<name>` (known: <every name>)`, or, given `unknown = f`, with
/// `f(name)`'s error.
macro_rules! named {
    ($ty:ident, $what:literal, { $($variant:ident => $name:literal),+ $(,)? }) => {
        $crate::game::named::named!($ty, unknown = |s: &str| {
            let known: Vec<&str> = $ty::ALL.into_iter().map($ty::name).collect();
            $crate::error::Error::input(format!(
                "unknown {} `{s}` (known: {})",
                $what,
                known.join(", ")
            ))
        }, { $($variant => $name),+ });
    };
    ($ty:ident, unknown = $unknown:expr, { $($variant:ident => $name:literal),+ $(,)? }) => {
        impl $ty {
            /// Every value, in order.
            pub const ALL: [$ty; [$($name),+].len()] = [$($ty::$variant),+];

            /// Its one name: on the command line, in JSON and in tables.
            pub fn name(self) -> &'static str {
                match self {
                    $($ty::$variant => $name),+
                }
            }
        }

        impl std::fmt::Display for $ty {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.name())
            }
        }

        impl std::str::FromStr for $ty {
            type Err = $crate::error::Error;

            fn from_str(s: &str) -> $crate::error::Result<$ty> {
                let unknown: fn(&str) -> $crate::error::Error = $unknown;
                $ty::ALL
                    .into_iter()
                    .find(|v| v.name() == s)
                    .ok_or_else(|| unknown(s))
            }
        }
    };
}

pub(crate) use named;
