"""The layout generator (issue 27): tables made from the pieces a player
owns that the rules core finds legal, buildable and fair. It stands on the
model (edits, the lattice, mirrors, deployments, the parts list) and the
rules core (checks, reach, routes, sight); the command line's `generate`
and the editor's Table > Generate... use it. No Qt here.

    from layout_editor.generate import Options, generate
    result = generate(Options(seed=7, count=3))
    for c in result.candidates: print(c.summary())
"""
from .generator import Candidate, Result, generate
from .options import BOARD_LAYOUTS, DENSITIES, SYMMETRIES, GenerateError, Options, read_kit, stock_of

__all__ = ["BOARD_LAYOUTS", "Candidate", "DENSITIES", "GenerateError", "Options", "Result", "SYMMETRIES",
           "generate", "read_kit", "stock_of"]
