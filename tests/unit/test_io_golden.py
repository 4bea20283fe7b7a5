"""Golden cases for mission files: tests/golden/io_<case>/mission.yaml with
either expected_error.txt ("LINE:COL: message", the one line the loader
gives) or expected_saved.yaml (the canonical file saving it writes)."""
from pathlib import Path

import pytest

from layout_editor.io import MissionLoadError, dumps_mission, load_mission, loads_mission

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
CASES = sorted(p for p in GOLDEN.glob("io_*") if (p / "mission.yaml").is_file())


def test_there_are_golden_cases():
    assert len(CASES) >= 5


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_golden_case(case):
    path = case / "mission.yaml"
    error_file = case / "expected_error.txt"
    if error_file.exists():
        expected = error_file.read_text(encoding="utf-8").strip()
        with pytest.raises(MissionLoadError) as info:
            load_mission(path)
        assert str(info.value) == f"{path}:{expected}"
        return
    expected = (case / "expected_saved.yaml").read_text(encoding="utf-8")
    m = load_mission(path)
    assert dumps_mission(m) == expected
    assert loads_mission(expected) == m
