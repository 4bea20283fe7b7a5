"""The printed pages' own words (headings, legend, notes) in the mission's
language: a card for a German mission reads German throughout.

`words(language)` gives a function that turns the English text into the
language's (the English text is the key, as in gettext); a language or a
text without a translation prints in English. Its `number(value, spec)`
writes a number with the language's decimal sign (2,5" in German).

A Kill Team killzone's pages speak that game: `words(language, game)` (or
`mission_words(mission)`) first turns the Boarding Actions English a page
asks for into Kill Team's English (KILL_TEAM: "Entry zones" -> "Drop
zones"), then translates that. German Kill Team words follow the editor's
(Landezone, Agent, Zugangspunkt, Kontrollreichweite, Wendepunkt,
Killzone-Kit, Aktion Schott bedienen).

A word the editor says too (a piece's name, "Briefing", "off the boards",
the layouts' names) is translated once, in the editor's translation
(resources/translations/layout_editor_<language>.ts, its shared context:
see ui/i18n.py), and read from there; the table below holds only what the
printed pages alone say. The .ts is XML, read here without Qt.
"""
from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable

from .. import memo
from ..catalogue import CatalogueError, resources_dir

GERMAN = {
    # page furniture
    "Tabletop sheets": "Spielflächenbögen",
    "Cards": "Karten",
    # the layouts, as the PDF's subject names them (the others are the
    # Export dialog's words: LAYOUT_NAMES)
    "Boarding Actions mission: {layout}": "Boarding-Actions-Mission: {layout}",
    "continued": "Fortsetzung",
    "front": "Vorderseite",
    "back": "Rückseite",
    "third side": "dritte Seite",
    "Mission texts and share code: on the back.": "Missionstexte und Missionscode: auf der Rückseite.",
    "Mission texts: on the back.": "Missionstexte: auf der Rückseite.",
    "Continued on a third side.": "Weiter auf einer dritten Seite.",
    "This mission has no texts.": "Diese Mission hat keine Texte.",
    # a table that changes (export/timeline_print.py)
    "Round track": "Rundenablauf",
    "At the start: ": "Zu Beginn: ",
    "nothing changes.": "es ändert sich nichts.",
    "On the map, a numbered badge marks what changes and the rounds it changes in; "
    "a ringed badge marks where a marker moves to.":
        "Auf der Karte markiert ein nummeriertes Schild, was sich ändert und in welchen Runden; "
        "ein umkreistes Schild markiert, wohin ein Marker versetzt wird.",
    "Must be operable": "Muss bedienbar sein",
    "The timeline opens, closes, locks or unlocks these hatchways: build them so their doors "
    "work at the table.":
        "Der Ablauf öffnet, schließt, verriegelt oder entriegelt diese Schotttüren: baut sie so, dass ihre Türen "
        "am Tisch funktionieren.",
    "unsaved mission": "ungespeicherte Mission",
    "Boarding Actions layout editor {version} · page {page} of {pages}":
        "Boarding Actions Layout Editor {version} · Seite {page} von {pages}",
    "Untitled mission": "Mission ohne Titel",
    # subtitle
    "by {author}": "von {author}",
    "1 terrain set": "1 Geländeset",
    "{n} terrain sets": "{n} Geländesets",
    "{n} battle rounds": "{n} Schlachtrunden",
    "{n} points": "{n} Punkte",
    "1 board": "1 Spielplatte",
    "{n} boards": "{n} Spielplatten",
    # places
    "board {board}, zone {zone}": "Spielplatte {board}, Zone {zone}",
    "on the seam of boards {boards}": "auf der Naht der Spielplatten {boards}",
    " and ": " und ",
    "board {board}, border beside zone {zone}": "Spielplatte {board}, Rand neben Zone {zone}",
    # texts
    "Rules": "Regeln",
    "Battle rounds: ": "Schlachtrunden: ",
    "Points: ": "Punkte: ",
    "{points} (Boarding Patrol)": "{points} (Enterpatrouille)",
    "Objective markers: ": "Missionszielmarker: ",
    "at least {d} from each other": "mindestens {d} voneinander entfernt",
    "at least {d} from a battlefield edge": "mindestens {d} von einer Schlachtfeldkante entfernt",
    "The battle": "Die Schlacht",
    "Entry zones": "Aufstellungszonen",
    # the score table on the card's back
    "Victory points": "Siegpunkte",
    "Battle round": "Schlachtrunde",
    "Total": "Summe",
    "Player {n}": "Spieler {n}",
    "board {board}: {cells}": "Spielplatte {board}: {cells}",
    # map and legend
    "Legend": "Legende",
    "inches": "Zoll",
    "gap {mm} mm ({inches}\")": "Abstand {mm} mm ({inches}\")",
    "Wall with its code (A1–A4 long, B1–B3 short)": "Wand mit ihrem Code (A1–A4 lang, B1–B3 kurz)",
    "Pillar, left-hand (L) and right-hand (R)": "Säule, linke (L) und rechte (R)",
    "Wall end (WE)": "Wandende (WE)",
    "Hatchway, closed: the door, its leaf on the face it is set up on":
        "Schotttür, geschlossen: die Tür, ihr Flügel auf der Seite, auf der sie aufgestellt wird",
    "Hatchway, open: the leaf swung open onto its face": "Schotttür, offen: der Flügel zu seiner Seite aufgeschwenkt",
    'Objective marker (40 mm) with its id; dashed: 1" range':
        'Missionszielmarker (40 mm) mit Nummer; gestrichelt: 1" Reichweite',
    "Entry zone, player {n}": "Aufstellungszone, Spieler {n}",
    "Region, named on the map": "Bereich, auf der Karte benannt",
    "Zones: column letter and row number per board (e.g. C4); squares mark the nodes":
        "Zonen: Spaltenbuchstabe und Zeilennummer je Spielplatte (z. B. C4); Quadrate markieren die Knoten",
    # share code
    "Share code: scan, then File > Import share code": "Missionscode: scannen, dann Datei > Missionscode importieren",
    "Share code too long for a printed QR code:": "Missionscode zu lang für einen gedruckten QR-Code:",
    "use File > Copy share code.": "Datei > Missionscode kopieren nutzen.",
    # the board (the pieces' names are the editor's, in its shared context)
    "Boarding Actions board": "Boarding-Actions-Spielplatte",
    # setup sheet
    "The boards": "Die Spielplatten",
    "Board {board}: ": "Spielplatte {board}: ",
    "not turned": "nicht gedreht",
    "turned 90° clockwise": "um 90° im Uhrzeigersinn gedreht",
    "turned 180°": "um 180° gedreht",
    "turned 90° anticlockwise": "um 90° gegen den Uhrzeigersinn gedreht",
    "{name}, {turned}; its top-left corner at {x}, {y} mm from the table's top-left corner ({w} x {h} mm as laid).":
        "{name}, {turned}; ihre linke obere Ecke bei {x}; {y} mm von der linken oberen Ecke des Tisches "
        "({w} x {h} mm wie gelegt).",
    "Parts": "Teile",
    "Code": "Code",
    "Piece": "Teil",
    "Used": "Benutzt",
    "In 1 set": "In 1 Set",
    "In {n} sets": "In {n} Sets",
    "Left in the box": "Übrig in der Kiste",
    "This layout needs 1 terrain set.": "Dieser Aufbau braucht 1 Geländeset.",
    "This layout needs {n} terrain sets.": "Dieser Aufbau braucht {n} Geländesets.",
    " The mission says {n}: you need more pieces than it plans for.":
        " Die Mission nennt {n}: du brauchst mehr Teile, als sie vorsieht.",
    "How to read the lists": "So liest man die Listen",
    "READING": (
        "So liest man die Listen: Zonenlinien sind die Gitterlinien. Die Linien quer über die Spielplatte sind "
        "von 1 (Oberkante von Zeile 1) bis zur Unterkante nummeriert, die Linien längs der Platte mit Buchstaben "
        "A (linke Kante von Spalte A) an. Ein Knoten ist die Kreuzung zweier Linien, benannt als Spaltenlinie / "
        "Zeilenlinie: C/2 ist die linke obere Ecke von Zone C2. Eine Wand von C/2 → C/4 wird in dieser Richtung "
        "aufgestellt; ihre Türseite ist die Seite ihres Flügels. Bei A3 und A4 sitzt die Schotttür in einer "
        "Hälfte der Wand: an dem Ende, das die Liste nennt. Oben, links und die Zonennamen gelten wie auf der "
        "Platte selbst gedruckt, wie auch immer die Platte gedreht ist."),
    "Board {board}: placement": "Spielplatte {board}: Aufbau",
    "No terrain on this board.": "Kein Gelände auf dieser Spielplatte.",
    "Line 1 (top edge of row 1)": "Linie 1 (Oberkante von Zeile 1)",
    "Line {n} (bottom edge of row {row})": "Linie {n} (Unterkante von Zeile {row})",
    "Line {n} (between rows {a} and {b})": "Linie {n} (zwischen Zeile {a} und {b})",
    "along line {line}: {a} → {b}": "entlang Linie {line}: {a} → {b}",
    "down line {line}: {a} → {b}": "längs Linie {line}: {a} → {b}",
    "door faces {what}": "Tür zeigt zu {what}",
    "door faces {what} (free to choose: the source does not give it)":
        "Tür zeigt zu {what} (frei wählbar: die Quelle gibt es nicht an)",
    "hatchway at the {node} end; {door}": "Schotttür am Ende bei {node}; {door}",
    "the board edge": "der Plattenkante",
    "zone {zone}": "Zone {zone}",
    "zones {a}–{b}": "Zonen {a}–{b}",
    "on {node}": "auf {node}",
    "caps the wall towards {node}": "schließt die Wand Richtung {node} ab",
    "28 mm side along the board's short edge (turned)": "28-mm-Seite parallel zur kurzen Plattenkante (gedreht)",
    "28 mm side along the board's long edge": "28-mm-Seite parallel zur langen Plattenkante",
    # tabletop
    "Row {r}, column {c}": "Zeile {r}, Spalte {c}",
    "{title} · tabletop sheet {n} of {count}": "{title} · Spielflächenbogen {n} von {count}",
    "PRINT_NOTE": ("Mit 100 % (Originalgröße) drucken, nie \"an Seite anpassen\". 10 mm Überlappung: einen "
                   "Bogen an den Schnittmarken beschneiden und bis zur gestrichelten Linie auflegen."),
    "this bar must measure 50 mm": "dieser Balken muss 50 mm messen",
    # cards
    "{title} · cards: cut along the marks": "{title} · Karten: an den Marken schneiden",
    "Objective": "Missionsziel",
    "Region": "Bereich",
    "Mission rule": "Missionsregel",
    "Where: ": "Wo: ",
    "{x}, {y} mm from the table's top-left corner.": "{x}; {y} mm von der linken oberen Ecke des Tisches.",
    "A model is in range within 1\" of the marker's edge.": "Ein Modell ist innerhalb von 1\" zum Markerrand in Reichweite.",
    "Zones: ": "Zonen: ",
    "This mission has no objectives, regions or rule sections to put on cards.":
        "Diese Mission hat keine Missionsziele, Bereiche oder Regelabschnitte für Karten.",
    # mission pack (export/pack.py)
    "Mission pack": "Missionspaket",
    "Boarding Actions mission pack": "Boarding-Actions-Missionspaket",
    "BOARDING ACTIONS · MISSION PACK": "BOARDING ACTIONS · MISSIONSPAKET",
    "MISSION PACK": "MISSIONSPAKET",
    "1 mission": "1 Mission",
    "{n} missions": "{n} Missionen",
    "Contents": "Inhalt",
    "Card": "Karte",
    "Parts for the pack": "Teile für das Paket",
    "Sets and boards for every mission and for the pack": "Sets und Spielplatten je Mission und für das Paket",
    "language: {code}": "Sprache: {code}",
    "This page is left blank: the next card starts on a new sheet.":
        "Diese Seite bleibt leer: die nächste Missionskarte beginnt auf einem neuen Blatt.",
    "The missions": "Die Missionen",
    "Mission": "Mission",
    "Boards": "Spielplatten",
    "Sets": "Sets",
    "Pieces": "Teile",
    "Most": "Höchstens",
    "To play these missions one after another on one table: {sets} and {boards}.":
        "Um diese Missionen nacheinander auf einem Tisch zu spielen: {sets} und {boards}.",
    "PACK_PARTS_NOTE": (
        "Was jede Mission braucht (# ist ihre Nummer im Inhalt), und was es braucht, sie nacheinander auf "
        "einem Tisch zu spielen: je Teil die größte Zahl, die eine Mission nutzt, auf ganze Geländesets "
        "aufgerundet."),
    # the mission page (export/html_page.py)
    "Map": "Lageplan",
    "Hatchway {n}": "Schotttür {n}",
    "Hatchways: {open} open, {closed} closed": "Schotttüren: {open} offen, {closed} geschlossen",
    "Copied ✓": "Kopiert ✓",
    "Objectives' 1\" range": "1\" Reichweite der Missionsziele",
    "Tap a hatchway to open or close it. Pinch or scroll to zoom, drag to move.":
        "Tippe auf eine Schotttür, um sie zu öffnen oder zu schließen. Mit zwei Fingern oder dem Mausrad "
        "zoomen, ziehen zum Verschieben.",
    "Pinch or scroll to zoom, drag to move.": "Mit zwei Fingern oder dem Mausrad zoomen, ziehen zum Verschieben.",
    "Hatchways as set": "Schotttüren wie aufgestellt",
    # the mission page's round switch (html_rounds.py; the phases and the
    # areas' words are the editor's, in its .ts)
    "Battle round {n}": "Schlachtrunde {n}",
    "Show battle round": "Schlachtrunde zeigen",
    "Show turning point": "Wendepunkt zeigen",
    "Turning point {n}": "Wendepunkt {n}",
    "Nothing changes in this turning point.": "In diesem Wendepunkt ändert sich nichts.",
    "Start of the turning point": "Beginn des Wendepunkts",
    "End of the turning point": "Ende des Wendepunkts",
    "Drop zone {name} opens": "Landezone {name} öffnet sich",
    "Drop zone {name} closes": "Landezone {name} schließt sich",
    "Nothing changes in this round.": "In dieser Runde ändert sich nichts.",
    "Start of the round": "Beginn der Runde",
    "End of the round": "Ende der Runde",
    "{name} opens": "{name} öffnet sich",
    "{name} closes": "{name} schließt sich",
    "{name} is locked": "{name} wird verriegelt",
    "{name} is unlocked": "{name} wird entriegelt",
    "Objective {name} appears": "Missionsziel {name} erscheint",
    "Objective {name} is removed": "Missionsziel {name} wird entfernt",
    "Objective {name} moves": "Missionsziel {name} wird versetzt",
    "Entry zone {name} opens": "Aufstellungszone {name} öffnet sich",
    "Entry zone {name} closes": "Aufstellungszone {name} schließt sich",
    "Zoom in": "Vergrößern",
    "Zoom out": "Verkleinern",
    "Whole map": "Ganzer Plan",
    "Where everything is": "Wo alles liegt",
    "Share code": "Missionscode",
    "Copy share code": "Missionscode kopieren",
    "SHARE_NOTE": ("Die ganze Mission als Text: im Layout Editor mit Datei > Missionscode importieren… öffnen, "
                   "oder in einen Chat einfügen."),
    "Made with the Boarding Actions layout editor": "Erstellt mit dem Boarding Actions Layout Editor",
    # Kill Team's words (KILL_TEAM below turns the Boarding Actions English into these)
    "Kill Team mission: {layout}": "Kill-Team-Mission: {layout}",
    "Kill Team mission pack": "Kill-Team-Missionspaket",
    "KILL TEAM · MISSION PACK": "KILL TEAM · MISSIONSPAKET",
    "Drop zones": "Landezonen",
    "Drop zone, player {n}": "Landezone, Spieler {n}",
    "border beside zone {zone}": "Rand neben Zone {zone}",
    "zones {cells}": "Zonen {cells}",
    "The killzone": "Die Killzone",
    "1 killzone kit": "1 Killzone-Kit",
    "{n} killzone kits": "{n} Killzone-Kits",
    "This layout needs 1 killzone kit (half a terrain set).":
        "Dieser Aufbau braucht 1 Killzone-Kit (ein halbes Geländeset).",
    "This layout needs {n} killzone kits.": "Dieser Aufbau braucht {n} Killzone-Kits.",
    "In 1 kit": "Im Killzone-Kit",
    "In {n} kits": "In {n} Killzone-Kits",
    "Kits": "Killzone-Kits",
    "The board": "Die Spielplatte",
    "Gallowdark board": "Gallowdark-Spielplatte",
    'Objective marker (40 mm) with its id; dashed: control range (1")':
        'Missionszielmarker (40 mm) mit Nummer; gestrichelt: Kontrollreichweite (1")',
    "Hatchway, closed as every hatchway starts: the door (its access point), its leaf on the face it is "
    "set up on":
        "Schotttür, geschlossen, wie jede Schotttür beginnt: die Tür (ihr Zugangspunkt), ihr Flügel auf der "
        "Seite, auf der sie aufgestellt wird",
    "Zones: column letter and row number (e.g. C4); squares mark the nodes":
        "Zonen: Spaltenbuchstabe und Zeilennummer (z. B. C4); Quadrate markieren die Knoten",
    'An operative within 1" of the marker\'s edge is within its control range.':
        'Ein Agent innerhalb von 1" zum Markerrand ist in seiner Kontrollreichweite.',
    "Objectives' control range (1\")": "Kontrollreichweite der Missionsziele (1\")",
    "Kits and boards for every mission and for the pack": "Killzone-Kits und Spielplatten je Mission und für das Paket",
    "Turning point": "Wendepunkt",
    "Turning points: ": "Wendepunkte: ",
    "{n} turning points": "{n} Wendepunkte",
    "Ops": "Operationen",
    "Op": "Operation",
    "up to {vp} VP": "bis zu {vp} SP",
    "Hatchways: ": "Schotttüren: ",
    "KT_HATCHWAYS": (
        "alle beginnen geschlossen. Ein Agent innerhalb der Kontrollreichweite (1\") eines Zugangspunkts öffnet "
        "oder schließt seine Schotttür mit der Aktion Schott bedienen (1 AP), nicht während ein feindlicher "
        "Agent innerhalb der Kontrollreichweite des Zugangspunkts ist."),
    "Control range: ": "Kontrollreichweite: ",
    "1\" (to and from a marker's edge).": "1\" (zum und vom Rand eines Markers gemessen).",
    "Hatchways": "Schotttüren",
    "Terrain": "Gelände",
    "All {n} hatchways start closed.": "Alle {n} Schotttüren beginnen geschlossen.",
    "The hatchway starts closed.": "Die Schotttür beginnt geschlossen.",
    " The file sets {n} open: printed closed, as Kill Team starts them.":
        " Die Datei stellt {n} offen: geschlossen gedruckt, wie Kill Team sie beginnt.",
    "Boarding Actions missions": "Boarding-Actions-Missionen",
    "Kill Team missions": "Kill-Team-Missionen",
    "MAP_KEY_KT": ("L/R Säulen, WE Wandenden; Schotttüren (alle geschlossen, wie Kill Team beginnt): goldene Tür "
                   "mit Flügel auf der Aufbauseite; gestrichelte Kreise: Kontrollreichweite der Missionsziele (1\")"),
    "PACK_PARTS_NOTE_KT": (
        "Was jede Mission braucht (# ist ihre Nummer im Inhalt), und was es braucht, sie nacheinander auf "
        "einem Tisch zu spielen: je Teil die größte Zahl, die eine Mission nutzt, auf ganze Killzone-Kits "
        "(je ein halbes Geländeset) aufgerundet."),
    # Kill Team: the close quarters rules, the edition's ops, territories and equipment (common.py)
    "The ops of the battle": "Die Ops der Schlacht",
    "Crit op: ": "Krit-Op: ",
    "Tac ops: ": "Takt-Ops: ",
    "Kill op: ": "Kill-Op: ",
    "Primary op: ": "Primär-Op: ",
    "KT_CRIT_OP": ("eine Krit-Op-Karte, die beide Spieler teilen und vor der Schlacht bestimmen, legt die "
                   "Missionszielmarker fest und gibt SP für ihre Kontrolle und für ihre Missionsaktionen; höchstens "
                   "6 SP."),
    "KT_TAC_OPS": ("jeder Spieler wählt geheim eine aus den Archetypen seines Kill Teams (Infiltration, Aufklärung, "
                   "Sicherung, Suchen & Zerstören) und deckt sie auf, wann sie es sagt; höchstens 6 SP."),
    "KT_KILL_OP": ("SP, wenn feindliche Agenten außer Gefecht gesetzt werden, nach dem Anteil des feindlichen Kill "
                   "Teams, der ausgefallen ist; höchstens 6 SP."),
    "KT_PRIMARY_OP": ("im ersten Wendepunkt wählt jeder Spieler geheim eine seiner drei Ops; am Ende der Schlacht "
                      "deckt er sie auf und erhält die Hälfte der SP, die sie ihm brachte, noch einmal "
                      "(aufgerundet)."),
    "Close quarters rules": "Regeln für beengte Räume",
    "Condensed Environment: ": "Beengte Umgebung: ",
    "Guard (1 AP): ": "Wache (1 AP): ",
    "Hatchway Fight (1 AP): ": "Schottkampf (1 AP): ",
    "Operate Hatch (1 AP): ": "Schott bedienen (1 AP): ",
    "KT_CONDENSED_ENVIRONMENT": (
        "Waffen mit Explosion (Blast), Flammenstoß (Torrent) oder Verheerend mit Entfernung (x\" Devastating) "
        "haben zusätzlich Tödlich 5+ (Lethal 5+)."),
    "KT_GUARD": (
        "der Agent geht in Wache (gilt als Aktion Schießen; nicht mit Befehl Tarnung und nicht in "
        "Kontrollreichweite eines Feindes). Er bleibt in Wache, bis er eine Aktion ausführt, sich bewegt oder "
        "aufgestellt wird, sein Befehl wechselt, ein Feind eine Aktion in seiner Kontrollreichweite beendet, ohne "
        "dass du unterbrichst, oder der nächste Wendepunkt beginnt. Einmal in jeder feindlichen Aktivierung darfst "
        "du nach der Aktion eines feindlichen Agenten unterbrechen und einen befreundeten Agenten in Wache "
        "kostenlos kämpfen oder schießen lassen (oder eine Aktion ausführen lassen, die als solche gilt, etwa "
        "Schottkampf); er kann in diesem Wendepunkt nicht kontern. In Wache darf er auf einen Feind in seiner "
        "Kontrollreichweite schießen (Schuss aus nächster Nähe): der Trefferwert seiner Waffen verschlechtert sich "
        "um 1, und bis zum Ende dieser Aktivierung kann er nicht zurückschlagen."),
    "KT_HATCHWAY_FIGHT": (
        "mit seiner Base am Zugangspunkt einer offenen Schotttür kämpft der Agent gegen einen feindlichen Agenten "
        "innerhalb von 2\" auf der anderen Seite dieses Zugangspunkts; für diese Aktion sind beide in der "
        "Kontrollreichweite des anderen. Gilt als Aktion Kämpfen; nicht in Kontrollreichweite eines Feindes."),
    "KT_OPERATE_HATCH": (
        "eine Schotttür öffnen oder schließen, deren Zugangspunkt in der Kontrollreichweite des Agenten ist; das "
        "geht auch während Sprinten oder Neupositionieren, und der Rest der Bewegung kann danach genutzt werden. "
        "Nicht in Kontrollreichweite eines Feindes, und keine offene Schotttür schließen, deren Zugangspunkt in "
        "Kontrollreichweite eines Feindes ist."),
    "Centre line: ": "Mittellinie: ",
    "from {start} to {end}": "von {start} bis {end}",
    "the killzone above the centre line": "die Killzone oberhalb der Mittellinie",
    "the killzone below the centre line": "die Killzone unterhalb der Mittellinie",
    "the killzone left of the centre line": "die Killzone links der Mittellinie",
    "the killzone right of the centre line": "die Killzone rechts der Mittellinie",
    "{n} corners, as the map shows": "{n} Ecken, wie der Plan zeigt",
    ", turned {deg:g}°": ", um {deg:g}° gedreht",
    "Territory, player {n}": "Territorium, Spieler {n}",
    "Centre line": "Mittellinie",
    "{w:g} mm across": "{w:g} mm Durchmesser",
    "{w:g} × {d:g} mm": "{w:g} × {d:g} mm",
    "{name} ({label}), {size}, in its player's colour": "{name} ({label}), {size}, in der Farbe seines Spielers",
    # map image
    "MAP_KEY": ("L/R Säulen, WE Wandenden; Schotttüren: geschlossen = goldene Tür mit Flügel auf der "
                "Aufbauseite, offen = aufgeschwenkter Flügel; gestrichelte Kreise: 1\" Reichweite der Missionsziele"),
}

ENGLISH_ONLY = {
    "KT_HATCHWAYS": (
        "all start closed. An operative within control range (1\") of an access point opens or closes its "
        "hatchway with the Operate Hatch action (1 AP), not while an enemy operative is within control range "
        "of that access point."),
    "KT_CRIT_OP": ("one crit op card, shared by both players and determined before the battle, says where the "
                   "objective markers go and scores VP for controlling them and for its mission actions; at most "
                   "6VP."),
    "KT_TAC_OPS": ("each player selects one in secret from their kill team's archetypes (Infiltration, Recon, "
                   "Security, Seek & Destroy) and reveals it when it says; at most 6VP."),
    "KT_KILL_OP": ("VP as enemy operatives are incapacitated, by the share of the enemy kill team that is down; at "
                   "most 6VP."),
    "KT_PRIMARY_OP": ("in the first turning point each player secretly selects one of their three ops; at the end "
                      "of the battle they reveal it and score half the VP it scored them again (rounding up)."),
    "KT_CONDENSED_ENVIRONMENT": (
        "weapons with Blast, Torrent or a Devastating rule with a distance (x\" Devastating) also have Lethal 5+."),
    "KT_GUARD": (
        "the operative goes on guard (this counts as a Shoot action; not with a Conceal order, nor within an "
        "enemy's control range). It stays on guard until it performs an action, moves or is set up, its order "
        "changes, an enemy ends an action within its control range and you do not interrupt, or the next turning "
        "point starts. Once in each enemy activation, after an enemy operative's action, you may interrupt and "
        "have one friendly operative on guard Fight or Shoot for free (or perform an action treated as one, such "
        "as Hatchway Fight); it cannot counteract in that turning point. On guard it may shoot an enemy within "
        "its control range (a point-blank shot): worsen its weapons' Hit by 1, and it cannot retaliate until the "
        "end of that activation."),
    "KT_HATCHWAY_FIGHT": (
        "with its base touching an open hatchway's access point, the operative fights an enemy operative within "
        "2\" of that access point on its other side; for that action the two are within each other's control "
        "range. It counts as a Fight action; not while within an enemy's control range."),
    "KT_OPERATE_HATCH": (
        "open or close a hatchway whose access point is within the operative's control range; it can be done "
        "during a Dash or Reposition, and the rest of the move can be used after it. Not while within an enemy's "
        "control range, nor to close an open hatchway whose access point is within an enemy's control range."),
    "MAP_KEY_KT": ("L/R pillars, WE wall ends; hatchways (all closed, as Kill Team starts them): gold door with "
                   "its leaf on the set-up face; dashed circles: objectives' control range (1\")"),
    "PACK_PARTS_NOTE_KT": (
        "What each mission needs (# is its number in the contents), and what playing them one after another "
        "on one table takes: for each piece the most any one mission uses, rounded up to whole killzone kits "
        "(half a terrain set each)."),
    "SHARE_NOTE": ("The whole mission as text: open it in the layout editor with File > Import share code…, or "
                   "paste it into a chat."),
    "PACK_PARTS_NOTE": (
        "What each mission needs (# is its number in the contents), and what playing them one after another "
        "on one table takes: for each piece the most any one mission uses, rounded up to whole terrain sets."),
    "READING": (
        "How to read the lists: zone lines are the grid lines. Lines across the board are numbered 1 (top edge "
        "of row 1) down to the bottom edge; lines down the board are lettered A (left edge of column A) across. "
        "A node is where two lines cross, named column line / row line: C/2 is the top-left corner of zone C2. "
        "A wall from C/2 → C/4 is set up in that direction; its door face is the side its leaf is on. On A3 and "
        "A4 the hatchway sits in one half of the wall: at the end the list names. Top, left "
        "and the zone names are as printed on the board itself, however the board is turned."),
    "PRINT_NOTE": ("Print at 100 % (actual size), never \"fit to page\". Overlap 10 mm: trim one sheet at its cut "
                   "marks and lay it over the dashed line."),
    "MAP_KEY": ("L/R pillars, WE wall ends; hatchways: closed = gold door with its leaf on the set-up face, "
                "open = leaf swung open; dashed circles: objectives' 1\" range"),
}

# Kill Team speaks of the same things in its own words (the killzone's:
# drop zones, control range, access points, operatives, turning points).
# A page asks in Boarding Actions' English; for a kill-team mission the
# text is first turned into Kill Team's English here, then translated.
KILL_TEAM = {
    "Show battle round": "Show turning point",
    "Battle round {n}": "Turning point {n}",
    "Nothing changes in this round.": "Nothing changes in this turning point.",
    "Start of the round": "Start of the turning point",
    "End of the round": "End of the turning point",
    "Entry zone {name} opens": "Drop zone {name} opens",
    "Entry zone {name} closes": "Drop zone {name} closes",
    "Boarding Actions mission: {layout}": "Kill Team mission: {layout}",
    "Boarding Actions mission pack": "Kill Team mission pack",
    "BOARDING ACTIONS · MISSION PACK": "KILL TEAM · MISSION PACK",
    "Entry zones": "Drop zones",
    "Entry zone, player {n}": "Drop zone, player {n}",
    "board {board}, zone {zone}": "zone {zone}",
    "board {board}, border beside zone {zone}": "border beside zone {zone}",
    "board {board}: {cells}": "zones {cells}",
    "The battle": "The killzone",
    "1 terrain set": "1 killzone kit",
    "{n} terrain sets": "{n} killzone kits",
    "This layout needs 1 terrain set.": "This layout needs 1 killzone kit (half a terrain set).",
    "This layout needs {n} terrain sets.": "This layout needs {n} killzone kits.",
    "In 1 set": "In 1 kit",
    "In {n} sets": "In {n} kits",
    "Sets": "Kits",
    "The boards": "The board",
    "Boarding Actions board": "Gallowdark board",
    'Objective marker (40 mm) with its id; dashed: 1" range':
        'Objective marker (40 mm) with its id; dashed: control range (1")',
    "Hatchway, closed: the door, its leaf on the face it is set up on":
        "Hatchway, closed as every hatchway starts: the door (its access point), its leaf on the face it is "
        "set up on",
    "Zones: column letter and row number per board (e.g. C4); squares mark the nodes":
        "Zones: column letter and row number (e.g. C4); squares mark the nodes",
    'A model is in range within 1" of the marker\'s edge.':
        'An operative within 1" of the marker\'s edge is within its control range.',
    "Objectives' 1\" range": "Objectives' control range (1\")",
    "MAP_KEY": "MAP_KEY_KT",
    "Sets and boards for every mission and for the pack": "Kits and boards for every mission and for the pack",
    "PACK_PARTS_NOTE": "PACK_PARTS_NOTE_KT",
}

LANGUAGES = {"de": GERMAN}
GAMES = {"kill-team": KILL_TEAM}
DECIMAL_SIGNS = {"de": ","}

Words = Callable[..., str]


# a shipped file per language; bound: far more languages than are shipped
@memo.cached(16, resource=True)
def editor_words(code: str) -> dict[str, str]:
    """The finished translations of the editor's shared context for the
    language: {English: translation}; empty without a .ts for it."""
    try:
        ts = resources_dir() / "translations" / f"layout_editor_{code}.ts"
        root = ET.parse(ts).getroot()
    except (CatalogueError, OSError, ET.ParseError):
        return {}
    found = {}
    for context in root.iter("context"):
        if context.findtext("name"):
            continue  # a named context belongs to one part of the editor
        for m in context.iter("message"):
            t = m.find("translation")
            if t is not None and t.get("type") is None and t.text:
                found[m.findtext("source") or ""] = t.text
    return found


def words(language: str | None, game: str | None = None) -> Words:
    """t(text, **fields): the text in `language` (by its first two letters:
    "de", "de-AT"), with {fields} filled in; in the words of `game` (a
    games.py id) where that game has its own."""
    code = (language or "en").strip().lower()[:2]
    table = LANGUAGES.get(code, {})
    shared = editor_words(code) if table else {}
    sign = DECIMAL_SIGNS.get(code, ".")
    own = GAMES.get(game or "", {})

    def t(text: str, **fields) -> str:
        text = own.get(text, text)
        out = table.get(text) or shared.get(text) or ENGLISH_ONLY.get(text) or text
        return out.format(**fields) if fields else out

    def number(value: float, spec: str = "g") -> str:
        return format(value, spec).replace(".", sign)
    t.number = number
    return t


def mission_words(mission) -> Words:
    """The words for a mission's pages: its language, its game's words."""
    return words(mission.language, mission.game)
