"""The catalogue's piece names, written out for lupdate: they come from
resources/catalogue/pieces.yaml, which lupdate does not read. The palette
and a piece's tooltip show a name as the catalogue writes it; a finding says
it inside a sentence (rules.checks.kind_name: "left-hand pillar"). Both go
into the shared context, where the editor (i18n.tr, i18n.say) and the printed
pages (export/words.py) look them up. The program never imports this file;
tests/ui/test_i18n.py checks it against the catalogue.
"""
from layout_editor.phrases import QT_TR_NOOP

AS_LISTED = (
    QT_TR_NOOP("Long wall"),
    QT_TR_NOOP("Long wall with pillars"),
    QT_TR_NOOP("Long wall with hatchway"),
    QT_TR_NOOP("Long wall with hatchway and pillars"),
    QT_TR_NOOP("Short wall"),
    QT_TR_NOOP("Short wall with hatchway"),
    QT_TR_NOOP("Short wall with hatchway and pillars, type 1"),
    QT_TR_NOOP("Short wall with hatchway and pillars, type 2"),
    QT_TR_NOOP("Pillar, left-hand"),
    QT_TR_NOOP("Pillar, right-hand"),
    QT_TR_NOOP("Wall end"),
)

IN_A_SENTENCE = (
    QT_TR_NOOP("long wall"),
    QT_TR_NOOP("long wall with pillars"),
    QT_TR_NOOP("long wall with hatchway"),
    QT_TR_NOOP("long wall with hatchway and pillars"),
    QT_TR_NOOP("short wall"),
    QT_TR_NOOP("short wall with hatchway"),
    QT_TR_NOOP("short wall with hatchway and pillars, type 1"),
    QT_TR_NOOP("short wall with hatchway and pillars, type 2"),
    QT_TR_NOOP("left-hand pillar"),
    QT_TR_NOOP("right-hand pillar"),
    QT_TR_NOOP("wall end"),
)

# Kill Team equipment (resources/catalogue/equipment.yaml): as listed, and
# inside a sentence (rules.checks.equipment.equipment_name).
EQUIPMENT = (
    QT_TR_NOOP("Light barricade"),
    QT_TR_NOOP("Heavy barricade"),
    QT_TR_NOOP("Portable barricade"),
    QT_TR_NOOP("Razor wire"),
    QT_TR_NOOP("Mines"),
    QT_TR_NOOP("light barricade"),
    QT_TR_NOOP("heavy barricade"),
    QT_TR_NOOP("portable barricade"),
    QT_TR_NOOP("razor wire"),
    QT_TR_NOOP("mines"),
)
