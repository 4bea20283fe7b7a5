"""Overlays on the table: what the rules core answers (reach regions, route
distances, sight, measured routes, who sees where, first-turn reach), drawn
over the scene and toggled from the Overlays toolbar.

overlay.py     the interface every overlay has (what it computes off the UI
               thread, how it draws, its toolbar entry, how it fails)
registry.py    every overlay, one line each, in toolbar order
controller.py  the toolbar and its settings; loops over the registry
regions.py, distances.py, kill_team_distances.py, seen_from.py,
first_turn.py, measure.py, sight.py   one overlay each
layers.py, designer_layers.py, shapes.py   the QGraphicsItems (plain data in,
               no rules calls) and the drawing they share

What they show is worked out by the rules core (rules/overlays.py, no Qt),
off the UI thread.
"""
