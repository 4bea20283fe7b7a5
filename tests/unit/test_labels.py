"""The label placer and name fitting (export/labels.py): labels land where
they cover nothing, long names wrap and shrink before they are cut, and two
different names are never cut to the same text."""
from __future__ import annotations

from layout_editor.export.labels import Label, Placer, fit_name, fit_names


def width(text: str, size: float) -> float:
    return len(text) * size * 0.5  # a monospaced hand-worked font


def overlaps(a, b):
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def test_a_free_label_sits_right_of_its_anchor():
    p = Placer(gap=0)
    placed = p.place(Label("a", (0, 0), 10, 4, clear=2))
    assert placed.box == (2, -2, 12, 2) and placed.leader is None


def test_a_label_moves_round_its_anchor_then_out_on_a_leader():
    # Everything around the anchor taken: right, left, below, above and the corners.
    blocked = [(-30, -30, 30, 30)]
    p = Placer(blocked, gap=0, bounds=(-200, -200, 200, 200))
    placed = p.place(Label("a", (0, 0), 10, 4))
    assert not overlaps(placed.box, blocked[0])
    assert placed.leader is not None and placed.leader[0] == (0, 0)
    # Right of the anchor is free: taken before any corner or leader.
    p = Placer([(-30, -30, -1, 30)], gap=0)
    assert p.place(Label("b", (0, 0), 10, 4)).box[0] >= 0


def test_labels_never_cover_each_other_or_a_spot_taken_first():
    p = Placer(gap=0.5, bounds=(0, 0, 100, 100))
    boxes = [p.place(Label(n, (50, 50), 20, 5)).box for n in range(12)]
    for n, a in enumerate(boxes):
        assert all(not overlaps(a, b) for b in boxes[n + 1:])
        assert 0 <= a[0] and a[2] <= 100 and 0 <= a[1] and a[3] <= 100


def test_an_area_label_takes_the_first_free_spot_and_avoids_walls_if_it_can():
    p = Placer([(0, 0, 20, 20)], soft=[(30, 0, 50, 20)], gap=0)
    placed = p.place(Label("z", (10, 10), 8, 4, spots=[(10, 10), (40, 10), (70, 10)]))
    assert placed.centre == (70, 10)


def test_a_long_name_wraps_then_shrinks_before_it_is_cut():
    assert fit_name("Reactor", 10, 100, width).lines == ["Reactor"]
    two = fit_name("Forward boarding bay", 10, 60, width)
    assert two.lines == ["Forward", "boarding bay"] and two.size == 10 and not two.cut
    small = fit_name("Forward boarding bay", 10, 50, width)
    assert not small.cut and small.size < 10 and max(width(x, small.size) for x in small.lines) <= 50
    cut = fit_name("Teleportarium", 10, 30, width)
    assert cut.cut and cut.lines[0].endswith("…") and width(cut.lines[0], cut.size) <= 30


def test_two_names_are_never_cut_to_the_same_text():
    names = ["Teleportarium fore", "Teleportarium aft", "Teleportarium fore"]
    fitted = fit_names(names, 10, 40, width, two_lines=False)
    assert fitted[0].text != fitted[1].text
    assert fitted[0].text == fitted[2].text  # the same name may print the same


def test_the_even_split_by_bisection_is_the_best_split_of_all():
    import random

    from layout_editor.export.fonts import text_width
    from layout_editor.export.labels import _two_lines

    def width(text, size):
        return text_width(text, size)

    rng = random.Random(7)
    for _ in range(200):
        words = ["".join(rng.choice("abcdefghijklmnopqrstuvwxyzMW") for _ in range(rng.randint(1, 12)))
                 for _ in range(rng.randint(2, 9))]
        a, b = _two_lines(words, 8.0, width)
        assert f"{a} {b}" == " ".join(words)
        best = min(max(width(" ".join(words[:k]), 8.0), width(" ".join(words[k:]), 8.0))
                   for k in range(1, len(words)))
        assert max(width(a, 8.0), width(b, 8.0)) == best
