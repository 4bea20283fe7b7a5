"""Hostile files are refused quickly and with bounded memory: too big, too many
values, aliases (billion laughs), nesting too deep."""
import time
import tracemalloc

import pytest

from layout_editor.io import MAX_BYTES, MAX_DEPTH, MAX_NODES, MissionLoadError, load_mission, loads_mission

# The target (refused well under a second) is measured in
# benchmarks/bench_io_limits.py: timings on a shared 2-core machine are too
# noisy to assert tightly. Here a generous bound only catches a refusal that
# has turned into reading or expanding the whole file.
SLOW = 10.0

HEAD = "format: boarding-actions-mission\nversion: 1\ntitle: Big\nboards:\n  - {id: A, at: [0, 0]}\n"


def refused(load, *args):
    """Load, expect a MissionLoadError; return it, the seconds taken and the
    peak memory allocated while loading (measured in a second run, since
    tracing memory slows Python down several times)."""
    start = time.perf_counter()
    with pytest.raises(MissionLoadError) as info:
        load(*args)
    took = time.perf_counter() - start
    tracemalloc.start()
    try:
        with pytest.raises(MissionLoadError):
            load(*args)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    return info.value, took, peak


def test_a_file_over_5_mb_is_refused_without_reading_it(tmp_path):
    path = tmp_path / "huge.yaml"
    with open(path, "wb") as f:
        f.write(HEAD.encode())
        f.seek(MAX_BYTES + 10)
        f.write(b"\n")
    e, took, peak = refused(load_mission, path)
    assert (e.line, e.column) == (1, 1) and "larger than 5 MB" in e.message
    assert took < SLOW and peak < 1_000_000  # never read into memory


def test_a_file_just_under_5_mb_of_text_loads(tmp_path):
    # One long free x- text (no limit but the file's size; a briefing has its
    # own, far lower: limits.py): big but legal, and quick to read.
    body = "word " * ((MAX_BYTES - 1000) // 5)
    path = tmp_path / "long.yaml"
    path.write_text(HEAD + f"x-notes: {body}\n", encoding="utf-8")
    start = time.perf_counter()
    m = load_mission(path)
    assert time.perf_counter() - start < SLOW
    assert len(m.extras["x-notes"]) > 4_000_000


def test_a_device_without_size_is_read_only_up_to_the_limit():
    e, took, _ = refused(load_mission, "/dev/zero")
    assert took < SLOW
    assert "larger than 5 MB" in e.message or "U+0000" in e.message


def test_text_over_5_mb_is_refused():
    e, took, _ = refused(loads_mission, HEAD + "#" * (MAX_BYTES + 1))
    assert "larger than 5 MB" in e.message and took < SLOW


def test_too_many_values_is_refused_quickly():
    text = HEAD + "x-many: [" + "1, " * (MAX_NODES + 50) + "1]\n"
    assert len(text) < MAX_BYTES
    e, took, peak = refused(loads_mission, text)
    assert f"more than {MAX_NODES:,} YAML values" in e.message
    assert e.line == 6 and e.column > 10
    assert took < SLOW, took
    assert peak < 80_000_000, peak


def test_values_just_under_the_limit_load():
    text = HEAD + "x-many: [" + "1, " * (MAX_NODES - 100) + "1]\n"
    m = loads_mission(text)
    assert len(m.extras["x-many"]) == MAX_NODES - 99


def test_billion_laughs_is_refused_at_the_first_alias():
    lines = [HEAD, 'x-a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]\n']
    prev = "a"
    for n in "bcdefghi":
        lines.append(f"x-{n}: &{n} [{', '.join([f'*{prev}'] * 9)}]\n")
        prev = n
    e, took, peak = refused(loads_mission, "".join(lines))
    assert (e.line, e.column) == (7, 10)
    assert "aliases (*a) are not allowed" in e.message
    assert took < SLOW and peak < 5_000_000


def test_anchors_alone_are_harmless():
    m = loads_mission(HEAD.replace("title: Big", "title: &t Big"))
    assert m.title == "Big"


def test_deep_nesting_is_refused_without_recursing():
    # Deeper than our limit but within what libyaml itself parses: our message.
    text = HEAD + "x-deep: " + "[" * 500 + "]" * 500 + "\n"
    e, took, _ = refused(loads_mission, text)
    assert f"more than {MAX_DEPTH} levels deep" in e.message
    assert took < SLOW
    # Far deeper: PyYAML >= 6.0.3 stops at its own limit (1000) before we see
    # the events; either way it is one located refusal, quickly.
    text = HEAD + "x-deep: " + "[" * 100_000 + "]" * 100_000 + "\n"
    e, took, _ = refused(loads_mission, text)
    assert ("levels deep" in e.message or "nesting depth" in e.message) and e.line == 6
    assert took < SLOW
    ok = HEAD + "x-deep: " + "[" * (MAX_DEPTH - 2) + "]" * (MAX_DEPTH - 2) + "\n"
    loads_mission(ok)


def test_many_keys_in_one_mapping_is_refused_quickly():
    text = HEAD + "x-wide:\n" + "".join(f"  k{n}: {n}\n" for n in range(MAX_NODES // 2 + 10))
    e, took, _ = refused(loads_mission, text)
    assert "YAML values" in e.message and took < SLOW
