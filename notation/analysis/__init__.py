"""Analysis of the play: the exact ("double dummy") solver, and what is built on it."""

from notation.analysis.solver import PlayValue, Solution, Solver, solve

__all__ = ["PlayValue", "Solution", "Solver", "solve"]
