"""benchmarks/profile_split.py reads py-spy's raw stacks: only the samples
inside an edit count, each put down to the kind of its innermost frames
below the last Python frame."""
from __future__ import annotations

from benchmarks.profile_split import split

EDIT = "<module> (benchmarks/profile_split.py:140);loop (benchmarks/profile_split.py:60);" \
       "edit (benchmarks/profile_split.py:40);analyze (layout_editor/rules/analysis.py:103)"


def test_samples_are_split_by_the_kind_of_their_innermost_frames():
    raw = "\n".join([
        # our Python running: no native frame below the last Python one
        f"{EDIT};_regions (layout_editor/rules/reach.py:1714) 5",
        # GEOS anywhere below the last Python frame
        f"{EDIT};buffer (shapely/constructive.py:136);GEOSBuffer_r (libgeos_c.so.1);"
        "geos::operation::buffer::BufferOp::bufferOp (libgeos-d1e818bb.so.3.14.1) 3",
        # the JIT's machine code: a frame with no symbol
        f"{EDIT};reuse_edges (layout_editor/rules/_compiled_routes.py:301);0x7fa8271b3e27 (?) 2",
        # numpy's C
        f"{EDIT};argsort (numpy/_core/fromnumeric.py:1200);"
        "PyArray_NewFromDescr_int (numpy/_core/_multiarray_umath.cpython-311-x86_64-linux-gnu.so) 4",
        # numba's dispatch of the arguments' types
        f"{EDIT};clear (layout_editor/rules/obstacles.py:1321);typeof_typecode (_typeof.cpp:988) 1",
        # outside an edit (the first analysis, gc): not counted
        "<module> (benchmarks/profile_split.py:140);analyze (layout_editor/rules/analysis.py:103) 7",
    ])
    total, counts = split(raw)
    assert total == 15
    assert counts == {
        "Python (the interpreter running our code)": 5,
        "GEOS (shapely's work)": 3,
        "compiled kernels (numba's machine code)": 2,
        "numpy's C (set-up of each call, and its loops)": 4,
        "numba's dispatch (types of the arguments)": 1,
    }
