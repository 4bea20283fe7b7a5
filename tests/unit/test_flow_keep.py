"""A heading never ends a column: when the text after it is three lines
long, the widow rule moves those three lines whole, so the heading must
find room for all three or go with them (the Kill Team card's "Victory
conditions" once ended a column on letter paper)."""
from __future__ import annotations

from layout_editor.export.drawing import Page
from layout_editor.export.flow import Flow, Frame, Para, wrap


def test_a_heading_goes_with_a_three_line_text():
    page = Page(600, 800)
    size, lh = 10.0, 12.5
    text = " ".join(["word"] * 200)
    width = 120.0
    # a text that wraps to exactly three lines in the column
    three = text
    while len(wrap(three, size, width)) > 3:
        three = three.rsplit(" ", 1)[0]
    assert len(wrap(three, size, width)) == 3
    frames = iter([Frame(page, 0, 0, width, lh * 4), Frame(page, 200, 0, width, 400)])
    flow = Flow(lambda: next(frames))
    # one line of filler, then the heading: room below it for two lines, not three
    flow.add([Para("filler", size=size, space_after=0),
              Para("Heading", size=size, keep_with_next=True, space_after=0), Para(three, size=size)])
    texts = [(op.text, op.x) for op in page.ops]
    heading_x = next(x for t, x in texts if t == "Heading")
    assert heading_x == 200, "the heading stayed behind at the foot of the first column"
