"""Places kept of a millimetre or an inch: the writer writes numbers to
them and the reader rounds what it reads to them, so a file read and written
again says the same. Its own module so that neither of the two imports the
other for it (the writer reads back what it writes: io/writer.readable)."""
from __future__ import annotations

DECIMALS = 6
