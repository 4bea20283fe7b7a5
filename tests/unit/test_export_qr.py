"""The QR code on the card: the mask is chosen as the qrcode package would
choose it (the same ISO/IEC 18004 penalty, computed faster)."""
from __future__ import annotations

import pytest
import qrcode
from qrcode import util

from layout_editor.export.qr import MAX_VERSION, best_mask, penalty, qr_for
from layout_editor.export.share_code import encode
from layout_editor.export.specimen import specimen_mission


@pytest.mark.parametrize("data", ["BAM1z.x", "BAM1z." + "Qx7-_" * 150, None])
def test_penalty_and_mask_match_the_qrcode_package(data):
    data = data or encode(specimen_mission())
    q = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_L, border=0)
    q.add_data(data.encode("ascii"), optimize=0)
    q.best_fit()
    for k in range(8):
        q.makeImpl(True, k)
        assert penalty(q.modules) == util.lost_point(q.modules), k
    assert best_mask(q) == q.best_mask_pattern()


def test_printed_qr_holds_the_share_code_and_is_not_too_dense():
    m = specimen_mission()
    qr = qr_for(m)
    assert qr is not None and qr.code == encode(m) and qr.version <= MAX_VERSION
    # The matrix is what the qrcode package makes for the code with that mask.
    q = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_L, border=0)
    q.add_data(qr.code.encode("ascii"), optimize=0)
    q.make(fit=True)
    assert [list(r) for r in qr.matrix] == [[bool(c) for c in r] for r in q.get_matrix()]
