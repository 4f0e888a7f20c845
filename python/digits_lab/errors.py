"""The package's exceptions (defined by the native module, re-exported here).

``DigitsLabError`` (a ``ValueError``) is every request digits-lab refuses; its message is
the command line's one-line error without the leading ``error: ``, and its ``exit_code`` the
command's. ``InternalError`` (a ``RuntimeError``) is a bug: a Rust panic caught before it
could reach the interpreter.
"""

from ._native import DigitsLabError, InternalError

__all__ = ["DigitsLabError", "InternalError"]
